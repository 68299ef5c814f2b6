// Snapshots of the renderers' pure draws: each case asks the real engine (the WebAssembly module,
// build/wasm) for an answer with fixed arguments, hands it to the draw in Chromium
// (draw-snapshots-page.mjs, bundled by esbuild) and gets back the DOM it made, one node a line,
// numbers rounded. tests/browser/draw-snapshots.test.mjs compares each with its recorded file in
// tests/browser/snapshots/; `scripts/snapshots --update` rewrites them and prints what changed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { loadEngine } from '../wasm/engine.mjs';
import { runScaleJob } from '../../web/src/scale-job.js';
import { explorableShape, startState } from '../../web/src/render/explorable/start.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const SNAPSHOT_DIR = path.join(HERE, 'snapshots');

const explorableCell = () => {
  const doc = JSON.parse(fs.readFileSync(path.join(HERE, '..', '..', 'web', 'notebooks', 'attention-explorable.json'), 'utf8'));
  return doc.cells.find((c) => c.type === 'explorable');
};

/** { name: { kind, input } }: each draw's input, the engine's answers in it. */
async function cases() {
  const engine = await loadEngine('attnbook');
  const call = (command, args) => JSON.parse(engine.call(command, JSON.stringify(args)));
  const limits = JSON.parse((await loadEngine('attnbook-author')).call('limits', '{}'));
  const out = {};

  // The explorable of the shipped lesson, as it opens; then with C masked, q moved and sparsemax.
  const cell = explorableCell();
  const shape = explorableShape(cell, { limits });
  const explore = (s) => {
    const args = (q) => ({ query: q, keys: s.keys, values: s.values, mask: s.mask, divisor: cell.divisor, normalizer: s.norm });
    return { ...s, result: call('explore', args(s.q)), refResult: call('explore', args(s.ref)), resultMask: s.mask };
  };
  const opened = startState(cell, null, shape);
  out['explorable-opened'] = { kind: 'explorable', input: { s: explore(opened), labels: shape.labels, divisor: cell.divisor } };
  const moved = { ...opened, q: [3, -1], mask: opened.mask.map((_, i) => i !== 2), norm: 'sparsemax' };
  out['explorable-masked-sparsemax'] = { kind: 'explorable', input: { s: explore(moved), labels: shape.labels, divisor: cell.divisor } };

  // A held sequence of three positions, causal, with the last row's every source masked.
  const labels = ['A', 'B', 'C'];
  const seq = { queries: [[1, 0], [0, 2], [1, 1]], values: [[1, 0], [0, 1], [2, -1]], mask: [[true, false, false], [true, true, false], [false, false, false]] };
  const seqResult = call('sequence', { ...seq, keys: [[1, 0], [0, 1], [1, 1]], divisor: 'sqrt' });
  out['held-sequence'] = { kind: 'heldSequence', input: { s: { ...seq, result: seqResult }, labels } };

  // The scaling study at widths 1 to 256 (a log axis), small enough to run in a second.
  const study = { seed: 0, widths: [1, 4, 16, 64, 256], pairs: 200, trials: 50, keys: 8, divisor: 'sqrt' };
  out['scaling-study'] = { kind: 'scalingStudy', input: { r: call('scaling', study), divisor: study.divisor, keys: study.keys } };

  // A hand example of 2 queries against 3 keys.
  const hand = { queries: [[1, 0], [0.5, 2]], keys: [[1, 0], [0, 1], [1, 1]], values: [[1, 2], [3, 4], [-1, 0]] };
  out['hand-example'] = { kind: 'handExample', input: { r: call('hand_example', hand), m: 2, n: 3 } };

  // The precision lab at three lengths, divided and not, in every format the engine has.
  const tokens = [8, 32, 128];
  const all = tokens.flatMap((t) => [false, true].map((unscaled) => call('precision', { tokens: t, head_width: 16, seed: 0, unscaled })));
  out['precision-lab'] = { kind: 'precisionLab', input: { all, tokens, formats: limits.precision.formats } };

  // A run at scale on WebAssembly. Its time and speed differ from run to run: those two pairs are
  // fixed here (the draw only prints them), every other number is the engine's.
  const args = { tokens: 128, head_width: 16, heads: 2, causal: true, divisor: 'sqrt', seed: 1, backend: 'wasm' };
  const r = await runScaleJob(await loadEngine('attnbook-scale'), args, {});
  r.report.ms = { exact: 1.5, shown: '1.5' };
  r.report.gflops = { exact: 2.25, shown: '2.25' };
  out['attention-scale-wasm'] = { kind: 'attentionScale', input: { r, args } };
  return out;
}

/** The page bundle: draw-snapshots-page.mjs and the renderers it imports, as one classic script. */
async function pageScript() {
  const result = await build({
    entryPoints: [path.join(HERE, 'draw-snapshots-page.mjs')], bundle: true, format: 'iife', write: false, logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** { name: text }: every case drawn in a page of `browser` (a playwright Browser). */
export async function drawSnapshots(browser) {
  const [all, script] = await Promise.all([cases(), pageScript()]);
  const page = await browser.newPage();
  try {
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: script });
    const out = {};
    for (const [name, { kind, input }] of Object.entries(all)) {
      out[name] = await page.evaluate(([k, i]) => globalThis.drawSnapshot(k, i), [kind, input]);
    }
    return out;
  } finally {
    await page.close();
  }
}

export const snapshotFile = (name) => path.join(SNAPSHOT_DIR, `${name}.html`);

/** The recorded snapshot, or null when there is none. */
export function recorded(name) {
  const file = snapshotFile(name);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}
