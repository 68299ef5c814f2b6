// The page half of the draw snapshots (draw-snapshots.mjs bundles this file with esbuild and runs
// it in Chromium): each renderer's pure draw fed a fixed engine answer, and the DOM it makes
// written out one node a line with every number rounded to 4 decimals, so a snapshot's diff reads
// as what changed on the page and not as float noise.
import { createTable } from '../../web/src/render/explorable/table.js';
import { createStrips } from '../../web/src/render/explorable/strips.js';
import { createNumberLine } from '../../web/src/render/explorable/number-line.js';
import { createValuePlane } from '../../web/src/render/explorable/value-plane.js';
import { createKeyPlane } from '../../web/src/render/explorable/key-plane.js';
import { exactLines } from '../../web/src/render/explorable/exact.js';
import { createResults } from '../../web/src/render/held-sequence/results.js';
import { studyTables, studyCharts } from '../../web/src/render/scaling-study/draw.js';
import { drawScaleResult } from '../../web/src/render/attention-scale/draw.js';
import { drawHandResult } from '../../web/src/render/hand-example.js';
import { drawPrecision } from '../../web/src/render/precision-lab.js';
import { divisorSymbol } from '../../web/src/render/divisors.js';
import { sourceColour as colour } from '../../web/src/render/colours.js';

/**
 * Numbers with more than 4 decimals rounded to 4 (coordinates, exact tooltips), or to 4
 * significant digits when written with an exponent (an error of 1e-7); -0 written 0. The engine's
 * shown texts (3 decimals at most) stay as they are.
 */
export const roundNumbers = (text) => text.replace(/-?\d+\.\d{5,}(e[-+]?\d+)?/g,
  (x, exponent) => String(Number(exponent ? Number(x).toPrecision(4) : Number(x).toFixed(4)) || 0));

// Elements that never have content: written <br>, not <br></br>.
const VOID = new Set(['br', 'img', 'input', 'hr', 'wbr']);

const escapeText = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escapeAttr = (t) => escapeText(t).replace(/"/g, '&quot;');

/** One node a line, children indented; attributes in the order set; empty text left out. */
function serialise(node, depth = 0, out = []) {
  const pad = '  '.repeat(depth);
  if (node.nodeType === Node.TEXT_NODE) {
    if (node.textContent.trim()) out.push(pad + escapeText(node.textContent));
    return out;
  }
  const attrs = [...node.attributes].map((a) => ` ${a.name}="${escapeAttr(a.value)}"`).join('');
  const tag = node.localName;
  if (!node.childNodes.length) {
    out.push(VOID.has(tag) ? `${pad}<${tag}${attrs}>` : `${pad}<${tag}${attrs}></${tag}>`);
    return out;
  }
  out.push(`${pad}<${tag}${attrs}>`);
  for (const child of node.childNodes) serialise(child, depth + 1, out);
  out.push(`${pad}</${tag}>`);
  return out;
}

const text = (nodes) => roundNumbers(nodes.flatMap((n) => serialise(n)).join('\n')) + '\n';

/** The explorable's panels for the state s and its answers (r for q, ref for the reference query). */
function explorable({ s, labels, divisor }) {
  const d = s.q.length;
  const table = createTable({ labels, colour, divisor, d });
  table.draw(s, s.result, s.refResult);
  const strips = createStrips(labels);
  strips.draw(s.result, s.refResult, s.ref);
  const line = createNumberLine({ labels, colour });
  line.draw(s, s.result);
  const nodes = [table.table, table.stats, ...strips.els, line.figure];
  if (s.values[0].length === 2) {
    const plane = createValuePlane({ labels, colour });
    plane.draw(s, s.result, s.refResult);
    nodes.push(plane.figure);
  }
  if (d === 2) {
    const plane = createKeyPlane({ id: 'snap', labels, colour, onMove: () => {}, onDragEnd: () => {} });
    plane.draw(s);
    nodes.push(plane.figure);
  }
  const exact = document.createElement('pre');
  exact.textContent = exactLines(s, s.result, labels);
  return text([...nodes, exact]);
}

function heldSequence({ s, labels }) {
  const results = createResults(labels, labels.length);
  results.draw(s);
  return text([results.el]);
}

function scalingStudy({ r, divisor, keys }) {
  const column = `q·k / ${divisorSymbol(divisor)}`;
  return text([...studyTables(r, column, keys), ...studyCharts(r, column, keys)]);
}

function attentionScale({ r, args }) {
  return text(drawScaleResult(r, args));
}

const handExample = ({ r, m, n }) => text([drawHandResult(r, m, n)]);
const precisionLab = ({ all, tokens, formats }) => text(drawPrecision(all, tokens, formats));

const DRAWS = { explorable, heldSequence, scalingStudy, attentionScale, handExample, precisionLab };
globalThis.drawSnapshot = (kind, input) => DRAWS[kind](input);
