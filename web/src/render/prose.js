// Prose: the notebook's Markdown subset (docs/notebook-format.md) -> DOM. ../markdown/parser.js
// reads the text with markdown-it (linear time, no raw HTML, links only where ../link-rule.js
// allows) and ../markdown/dom.js builds the elements with createElement and text nodes only.
//
// A shipped notebook's texts were read by the site's build (./prerendered.js); others need
// markdown-it, loaded on demand (../markdown/load.js). A text asked for before it has loaded (one
// the engine made at run time, drawn by a caller that did not wait) is shown as its text and drawn
// in place when it has.

import { h } from '../dom.js';
import { linkTargetAllowed } from '../link-rule.js';
import { MAX_FORMULAS } from '../markdown/maths-rules.js';
import { tokensToDom } from '../markdown/dom.js';
import { loadMarkdownParser, readIfLoaded } from '../markdown/load.js';
import { prerenderedTokens } from './prerendered.js';

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
  const source = String(text ?? '');
  const formulasPerText = typesetter?.formulasPerText ?? MAX_FORMULAS;
  const draw = (tokens) => tokensToDom(tokens, { headingBase, tex: typesetter ? typesetter.tex : undefined });
  const tokens = prerenderedTokens(source, formulasPerText) ?? readIfLoaded(source, { formulasPerText });
  if (tokens) return draw(tokens);
  const frag = document.createDocumentFragment();
  const waiting = frag.appendChild(h('p', null, source));
  loadMarkdownParser().then(() => {
    const read = readIfLoaded(source, { formulasPerText });
    if (read) waiting.replaceWith(draw(read));
  });
  return frag;
}

/** A prose cell. */
export function renderProse(cell, ctx = {}) {
  const el = h('div', { class: 'prose' });
  el.append(renderMarkdown(cell.text, { headingBase: ctx.headingBase ?? 3, typesetter: ctx.typesetter }));
  return { el };
}
