// The validation error list: each error's place ("name:line:column" or a JSON path) and the
// engine's message, so an author sees every problem instead of a blank element.

import { h } from '../dom.js';

/**
 * @param {{where?: string, path?: string, line?: number, column?: number, message: string}[]} errors
 * @param {{title?: string, source?: string}} [options]
 */
export function renderErrors(errors, { title, source } = {}) {
  const list = h('ol', null, errors.map((e) =>
    h('li', null,
      h('span', { class: 'where' }, e.where || e.path || source || 'notebook'),
      h('span', { class: 'message' }, e.message || String(e)))));
  const count = errors.length;
  const heading = title || `This notebook could not be opened: ${count} problem${count === 1 ? '' : 's'}`;
  return h('section', { class: 'errors', role: 'alert' }, h('h2', null, heading), list);
}
