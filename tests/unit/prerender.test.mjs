// scripts/prerender.mjs: what the site's build stores for a shipped notebook's texts and formulas
// is what the page's own parser and KaTeX make of them (tests/browser/prerendered.test.mjs
// compares the drawn DOM both ways).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import katex from 'katex';
import { prerender, typesetTree } from '../../scripts/prerender.mjs';
import { readMarkdown } from '../../web/src/markdown/parser.js';
import { katexOptions } from '../../web/src/render/katex-options.js';

const notebook = {
  cells: [
    { type: 'prose', text: 'The score $q \\cdot k$, then\n\n$$\\frac{a}{\\sqrt{d_k}}$$' },
    { type: 'maths', tex: 'x^2', caption: 'A *square*.' },
    { type: 'maths', tex: '\\foo', display: false },
    { type: 'practice', prompt: 'Pick $a$', answer: { kind: 'choice', options: ['$a$', '[b](https://example.org)'], reasons: ['R', 'S'] }, hint: 'Hint', worked: 'W', explanation: 'E' },
    { type: 'study', steps: [{ text: 'Step', check: { prompt: 'P', hint: 'H', answer: { kind: 'number', value: 1 } } }] },
    { type: 'prose', text: 'The score $q \\cdot k$, then\n\n$$\\frac{a}{\\sqrt{d_k}}$$' }, // a repeat, kept once
  ],
};

test('every Markdown field is read once, as the page reads it, with its number of formulas', () => {
  const { markdown } = prerender(notebook);
  // In the schema's order of fields, so compared as sorted lists: each text exactly once.
  assert.deepEqual(markdown.map(([text]) => text).sort(), [notebook.cells[0].text, 'A *square*.', 'Pick $a$', 'Hint', 'W', 'E', '$a$',
    '[b](https://example.org)', 'R', 'S', 'Step', 'P', 'H'].sort());
  for (const [text, formulas, tokens] of markdown) assert.deepEqual(tokens, readMarkdown(text, { formulasPerText: 1000 }), text);
  assert.equal(markdown.find(([text]) => text === notebook.cells[0].text)[1], 2);
});

test('every formula is typeset once, as the markup KaTeX writes for it; one KaTeX cannot read keeps its message', () => {
  const { tex } = prerender(notebook);
  assert.deepEqual(tex.map(([display, source]) => [display, source]),
    [[false, 'q \\cdot k'], [true, '\\frac{a}{\\sqrt{d_k}}'], [false, 'a'], [true, 'x^2'], [false, '\\foo']]);
  for (const [display, source, tree] of tex.slice(0, 4)) assert.equal(markup(tree), katex.renderToString(source, katexOptions(display)), source);
  assert.match(tex[4][2].error, /Undefined control sequence/);
  assert.deepEqual(typesetTree('\\foo', false), tex[4][2]);
});

// The tree as HTML, as KaTeX's renderToString writes it (class, then style, then attributes).
function markup(node) {
  if (typeof node === 'string') return escape(node);
  const [tag, className, style, attributes, ...children] = node;
  const name = tag.replace(/^(svg|m):/, '');
  let out = `<${name}`;
  // The DOM gets the SVG namespace from createElementNS; KaTeX's markup writes it out.
  if (tag === 'svg:svg') out += ' xmlns="http://www.w3.org/2000/svg"';
  if (className) out += ` class="${escape(className)}"`;
  if (style) out += ` style="${escape(Object.entries(style).map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${v};`).join(''))}"`;
  for (const [k, v] of Object.entries(attributes || {})) out += ` ${k}="${escape(v)}"`;
  if (tag === 'svg:path' || tag === 'svg:line') return `${out}/>`; // KaTeX closes these so
  return `${out}>${children.map(markup).join('')}</${name}>`;
}
function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]);
}
