// Prose: the notebook's Markdown subset (docs/notebook-format.md) -> DOM. ../markdown/parser.js
// reads the text with markdown-it (linear time, no raw HTML, links only where ../link-rule.js
// allows) and ../markdown/dom.js builds the elements with createElement and text nodes only.

import { h } from '../dom.js';
import { linkTargetAllowed } from '../link-rule.js';
import { parseMarkdown } from '../markdown/parser.js';
import { tokensToDom } from '../markdown/dom.js';

/** The URL if a link may point at it (../link-rule.js), else null. */
export function safeHref(url) {
  return linkTargetAllowed(url) ? String(url) : null;
}

/**
 * Block Markdown -> a DocumentFragment.
 * @param {string} text
 * @param {{headingBase?: number, typesetter?: object}} [options] heading level used for "#"
 *        (default 3: the notebook title is h1 and cell titles are h2; headings never skip a level);
 *        the notebook's typesetter (./typesetter.js), without which formulas are typeset at once.
 */
export function renderMarkdown(text, { headingBase = 3, typesetter = null } = {}) {
  const tokens = parseMarkdown(text, { formulasPerText: typesetter?.formulasPerText });
  return tokensToDom(tokens, { headingBase, tex: typesetter ? typesetter.tex : undefined });
}

/** A prose cell. */
export function renderProse(cell, ctx = {}) {
  const el = h('div', { class: 'prose' });
  el.append(renderMarkdown(cell.text, { headingBase: ctx.headingBase ?? 3, typesetter: ctx.typesetter }));
  return { el };
}
