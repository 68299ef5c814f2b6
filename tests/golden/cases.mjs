// The golden corpus's inputs, in four groups (each group's expected output is one JSON-lines file
// beside this one, tests/golden/<group>.jsonl):
//   notebooks  validate: the shipped notebooks (web/notebooks/*.json) and each of their cells alone
//              in a notebook of its own (their header, that one cell)
//   docs       validate: every JSON example in docs/*.md that is a notebook or a cell
//   mutations  validate: seeded mutations of the notebooks and slices above (mutate.mjs)
//   commands   every CLI command (engine/cli/cli_options.cpp) with good and bad arguments: the
//              defaults, the docs' examples, and a set of hostile values in every option
// Each case is { id, args, files? }: args is the command line; files maps the relative names it
// validates to their bytes (written to a scratch folder the command runs in).
import fs from 'node:fs';
import path from 'node:path';
import { docsExamples } from './docs-examples.mjs';
import { mutations } from './mutate.mjs';

export const MUTATION_SEED = 20261202;
export const MUTATION_COUNT = 3000;
// Validation cases run in batches of this many files per CLI process (both builds alike).
export const BATCH = 250;

const text = (value) => Buffer.from(JSON.stringify(value, null, 2) + '\n');

function shippedNotebooks(root) {
  const dir = path.join(root, 'web/notebooks');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
    .map((f) => ({ name: `web/notebooks/${f}`, bytes: fs.readFileSync(path.join(dir, f)) }));
}

// One cell of a shipped notebook in a notebook of its own (the header kept, the id made unique).
function slices(shipped) {
  const out = [];
  for (const { name, bytes } of shipped) {
    const notebook = JSON.parse(bytes);
    notebook.cells.forEach((cell, i) => {
      const base = path.basename(name, '.json');
      out.push({ name: `slices/${base}-${String(i).padStart(2, '0')}.json`, notebook: { ...notebook, id: `${base}-${i}`, cells: [cell] } });
    });
  }
  return out;
}

const validateCase = (id, name, bytes) => ({ id, args: ['validate', name], files: { [name]: bytes } });

export function notebookCases(root) {
  const shipped = shippedNotebooks(root);
  return [
    ...shipped.map(({ name, bytes }) => validateCase(name, name, bytes)),
    ...slices(shipped).map(({ name, notebook }) => validateCase(name, name, text(notebook))),
  ];
}

export function docsCases(root) {
  return docsExamples(root).map(({ name, notebook }) => {
    const file = `docs/${name.replace(' #', '-')}.json`;
    return validateCase(name, file, text(notebook));
  });
}

export function mutationCases(root) {
  const shipped = shippedNotebooks(root);
  const bases = [
    ...shipped.map(({ name, bytes }) => ({ name, notebook: JSON.parse(bytes) })),
    ...docsExamples(root).filter((e) => e.kind === 'notebook'),
    ...slices(shipped),
  ];
  return mutations(bases, { seed: MUTATION_SEED, count: MUTATION_COUNT })
    .map(({ id, base, what, bytes }) => validateCase(`${id} ${base}: ${what}`, `mutations/${id}.json`, bytes));
}

// ---- commands ----------------------------------------------------------------------------------

// Each CLI command's options, and options that keep a slow command quick when they are not the
// one under test (the defaults of scaling, precision and jacobian-norms take seconds in WebAssembly).
const COMMANDS = {
  explore: { options: ['query', 'keys', 'values', 'mask', 'divisor', 'normalizer'] },
  python: { options: ['query', 'keys', 'values', 'mask', 'divisor', 'normalizer', 'labels'] },
  scaling: { options: ['seed', 'widths', 'pairs', 'trials', 'keys', 'divisor'], quick: { pairs: '30', trials: '4', widths: '2,5' } },
  'scaling-program': { options: ['seed', 'widths', 'pairs', 'trials', 'keys', 'divisor'] },
  'hand-example': { options: ['queries', 'keys', 'values'] },
  sequence: { options: ['queries', 'keys', 'values', 'mask', 'divisor'] },
  block: { options: ['input', 'heads', 'mask', 'activation'] },
  precision: { options: ['tokens', 'head-width', 'seed', 'unscaled'], quick: { tokens: '12', 'head-width': '4' } },
  normalize: { options: ['scores', 'kind', 'temperature'] },
  jacobian: { options: ['scores'] },
  'online-softmax': { options: ['scores', 'values', 'tile'] },
  cost: { options: ['tokens', 'head-width', 'value-width', 'heads', 'layers', 'batch', 'bytes'] },
  pipeline: { options: ['scores', 'width', 'values', 'knob'] },
  'pytorch-rules': { options: ['scale'] },
  mistakes: { options: ['heads', 'head-width', 'tuned-width', 'seed'] },
  alternatives: { options: ['queries', 'keys', 'values', 'cosine-scale', 'features', 'seed'] },
  'jacobian-norms': { options: ['seed', 'widths', 'keys', 'trials'], quick: { trials: '5', widths: '1,4' } },
  'tiling-memory': { options: ['tokens', 'tile', 'bytes'] },
  limits: { options: [] },
  'cell-types': { options: [] },
  schema: { options: [] },
};

// Values tried in every option: a word, numbers at and past the usual limits, a value that
// overflows a double, an empty value, a list of rows.
const HOSTILE = ['x', '-1', '0', '2.5', '1e999', '', '1,2;3'];

// Good and bad command lines written out: the defaults, README's and docs' examples, and the
// errors the CLI contract names (tests/wasm/cli-contract.test.mjs).
const WRITTEN = [
  ['--help'], ['help'], [], ['frobnicate'], ['explore', '--help'], ['explore', 'stray'], ['explore', '--query'],
  ['explore', '--query', '2,1', '--query', '1,2'], ['explore', '--query=2,1', '--mask=1,0,1', '--divisor=d'],
  ['explore', '--keys', '-1,2;1,0;0,1', '--query', '-0.5,3'], ['explore', '--mask', '0,0,0'],
  ['explore', '--query', '1', '--keys', '0;1;1.5', '--divisor', '1', '--normalizer', 'sparsemax'],
  ['explore', '--normalizer', 'entmax15', '--mask', '1,0,1'], ['explore', '--normalizer=softmax1', '--mask', '0,0,0'],
  ['explore', '--query', '1e200,1e200', '--keys', '1e200,1e200;1,0;0,1'], ['explore', '--query', '4.9e-324,-0'],
  ['explore', '--query', '\u001b[31mred'], ['explore', '--divisor', '\u202esqrt'], ['explore', '--colour', 'red'],
  ['python', '--query', '0.25,-4', '--labels', 'cat,sat,mat'], ['python', '--normalizer', 'sparsemax'],
  ['scaling'], ['scaling', '--divisor', 'd', '--pairs', '100', '--trials', '10', '--keys', '3'],
  ['scaling', '--widths', '4096', '--pairs', '200000'], ['scaling', '--trials', '20000', '--keys', '64', '--widths', '4096'],
  ['scaling-program', '--widths', '4,16'],
  ['hand-example', '--queries', '1,2;3,4;-1,0.5'],
  ['sequence', '--mask', '1,0,0;1,1,0;1,1,1'], ['sequence', '--mask', '0,0,0;1,1,0;1,1,1', '--divisor', 'd'],
  ['sequence', '--mask', '1,0;1,1,0;1,1,1'],
  ['block', '--heads', '2', '--activation', 'gelu'], ['block', '--heads', '4', '--activation', 'gelu_tanh'],
  ['block', '--input', '1,2,3,4;-1,0.5,0,2', '--activation', 'relu', '--mask', '0,0;1,1'], ['block', '--heads', '3'],
  ['precision'], ['precision', '--tokens', '40', '--head-width', '8', '--unscaled'],
  ['precision', '--tokens=17', '--head-width=5', '--unscaled=false'], ['precision', '--unscaled=2'],
  ['normalize', '--scores', '0.1,4.0,0,0.2', '--kind', 'sparsemax'], ['normalize', '--kind', 'entmax15', '--temperature', '0.5'],
  ['jacobian', '--scores', '0.1,4.0,0,0.2'],
  ['online-softmax', '--scores', '0.1,4.0,0,0.2', '--values', '1,0;0,1;1,1;2,0', '--tile', '2'],
  ['cost', '--tokens', '100000', '--head-width', '64'], ['cost', '--tokens', '100000000', '--heads', '1024', '--layers', '1024', '--batch', '65536'],
  ['pipeline'], ['pytorch-rules'], ['mistakes'], ['alternatives'], ['jacobian-norms'], ['tiling-memory'],
  ['validate'], ['validate', 'tests/engine/notebooks/bad-syntax.json'], ['validate', 'tests/engine/notebooks/bad-several.json'],
  ['validate', 'web/notebooks/attention-explorable.json', 'tests/engine/notebooks/bad-several.json'],
  ['validate', '/nonexistent/notebook.json'], ['validate', 'web'], ['validate', '/dev/null'],
  ['limits'], ['cell-types'],
  // The Jupyter export of every shipped notebook at every depth (its programs are the engine's
  // text too), one with a reader's permalink state and the page's address, and its refusals.
  ...['attention-explorable', 'attention-learns', 'scaled-dot-product-attention'].flatMap((id) =>
    ['beginner', 'developer', 'researcher'].map((depth) => ['ipynb', `web/notebooks/${id}.json`, '--depth', depth])),
  ['ipynb', 'web/notebooks/attention-explorable.json', '--depth', 'developer', '--state', 'nb=attention-explorable&q.explore=-1.5,2&m.explore=1,0,1',
    '--url', 'https://example.org/course/attention-explorable/'],
  ['ipynb', 'web/notebooks/attention-explorable.json'], ['ipynb', 'web/notebooks/attention-explorable.json', '--depth', 'expert'],
  ['ipynb', 'tests/engine/notebooks/bad-syntax.json', '--depth', 'beginner'],
];

// Each option gets PER_OPTION of them, in turn (option k the values k*PER_OPTION, ...), so every
// value meets every kind of option across the table while a native run (one process per line)
// stays short.
const PER_OPTION = 3;

export function commandCases() {
  const lines = [...WRITTEN];
  let k = 0;
  for (const [command, { options, quick = {} }] of Object.entries(COMMANDS)) {
    lines.push([command]);
    lines.push([command, '--nope', '1']);
    for (const option of options) {
      const rest = Object.entries(quick).filter(([name]) => name !== option).flatMap(([name, v]) => [`--${name}`, v]);
      for (let j = 0; j < PER_OPTION; j++) {
        const value = HOSTILE[(k * PER_OPTION + j) % HOSTILE.length];
        lines.push(j === 0 ? [command, `--${option}=${value}`, ...rest] : [command, `--${option}`, value, ...rest]);
      }
      k++;
    }
  }
  const seen = new Set();
  return lines.filter((args) => !seen.has(JSON.stringify(args)) && seen.add(JSON.stringify(args)))
    .map((args) => ({ id: JSON.stringify(args), args }));
}

export const GROUPS = {
  notebooks: notebookCases,
  docs: docsCases,
  mutations: mutationCases,
  commands: commandCases,
};
