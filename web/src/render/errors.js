// The validation error list: each error's place (its position "name:line:column" and its JSON
// path "$.cells[2].keys[1]", both when the engine gives both) and the engine's message, so an
// author sees every problem instead of a blank element.

import { h } from '../dom.js';

/** The position part of an error's place, without a path the engine already put into `where`. */
function position(e) {
  if (!e.where) return '';
  // "name: $.path" (an error without a position) carries the path itself.
  if (e.path && e.where.endsWith(`: ${e.path}`)) return e.where.slice(0, -(e.path.length + 2));
  return e.where;
}

/**
 * @param {{where?: string, path?: string, line?: number, column?: number, message: string}[]} errors
 * @param {{title?: string, source?: string, headingLevel?: number}} [options] headingLevel: the
 *   element's title level; the list's heading goes one below it, where the cell titles would be
 */
export function renderErrors(errors, { title, source, headingLevel = 1 } = {}) {
  const list = h('ol', null, errors.map((e) => {
    const where = position(e);
    const path = e.path || '';
    return h('li', null,
      h('span', { class: 'place' },
        where ? h('span', { class: 'where' }, where) : null,
        where && path ? ' · ' : null,
        path ? h('span', { class: 'path' }, path) : null,
        !where && !path ? h('span', { class: 'where' }, source || 'notebook') : null),
      h('span', { class: 'message' }, e.message || String(e)));
  }));
  const count = errors.length;
  const heading = title || `This notebook could not be opened: ${count} problem${count === 1 ? '' : 's'}`;
  const level = Math.min(6, Math.max(1, headingLevel) + 1);
  return h('section', { class: 'errors', role: 'alert' }, h(`h${level}`, { class: 'errors-title' }, heading), list);
}
