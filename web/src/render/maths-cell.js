// The maths cell: one formula (typeset by the notebook's typesetter as it nears the viewport) and
// an optional Markdown caption.

import { h } from '../dom.js';
import { renderMarkdown } from './prose.js';
import { renderTex } from './maths.js';

export function renderMaths(cell, ctx = {}) {
  const tex = ctx.typesetter ? ctx.typesetter.tex : renderTex;
  const el = h('div', { class: 'maths-cell' }, tex(cell.tex, { display: cell.display !== false }));
  if (cell.caption) el.append(h('div', { class: 'caption prose' }, renderMarkdown(cell.caption, { headingBase: ctx.headingBase ?? 3, typesetter: ctx.typesetter })));
  return { el };
}
