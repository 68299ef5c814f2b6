// Cell type -> renderer. A renderer takes (cell, ctx) and returns
//   { el, activate?(), dispose?(), resume?(), getState?(), isDefault?() }
// activate() runs once, when the cell is first shown at the current depth (engine work waits
// until then); dispose() runs when the cell leaves the page (its element was removed, or the
// notebook was redrawn or replaced) and stops the cell's engine work and timers; resume() runs
// if the element is put back, to restart what dispose() stopped. getState() returns what the
// permalink keeps for the cell.
//
// Each renderer is its own module, imported the first time a notebook shows a cell of its type:
// on the site esbuild splits each into a file of its own (scripts/build-site.mjs), so a lesson page
// downloads the renderers of the cells its depth shows and no others; the single-file page and the
// author page bundle them all in one script (the import()s become calls). loadRenderers() loads
// what a drawing needs before the element draws it, so a cell never appears before its renderer.

import { h } from '../dom.js';

// import() with literal paths: esbuild follows only those.
const modules = {
  prose: () => import('./prose.js').then((m) => m.renderProse),
  maths: () => import('./maths-cell.js').then((m) => m.renderMaths),
  explorable: () => import('./explorable.js').then((m) => m.renderExplorable),
  'scaling-study': () => import('./scaling-study.js').then((m) => m.renderScalingStudy),
  'hand-example': () => import('./hand-example.js').then((m) => m.renderHandExample),
  'held-sequence': () => import('./held-sequence.js').then((m) => m.renderHeldSequence),
  'transformer-block': () => import('./transformer-block.js').then((m) => m.renderTransformerBlock),
  playback: () => import('./playback.js').then((m) => m.renderPlayback),
  study: () => import('./study.js').then((m) => m.renderStudy),
  'help-history': () => import('./help-history.js').then((m) => m.renderHelpHistory),
  practice: () => import('./practice.js').then((m) => m.renderPractice),
  references: () => import('./references.js').then((m) => m.renderReferences),
  contents: () => import('./contents.js').then((m) => m.renderContents),
  'attention-scale': () => import('./attention-scale.js').then((m) => m.renderAttentionScale),
  'precision-lab': () => import('./precision-lab.js').then((m) => m.renderPrecisionLab),
  pipeline: () => import('./pipeline.js').then((m) => m.renderPipeline),
  'pytorch-rules': () => import('./pytorch-rules.js').then((m) => m.renderPytorchRules),
  mistakes: () => import('./mistakes.js').then((m) => m.renderMistakes),
  jacobian: () => import('./jacobian.js').then((m) => m.renderJacobian),
  cost: () => import('./cost.js').then((m) => m.renderCost),
  'online-softmax': () => import('./online-softmax.js').then((m) => m.renderOnlineSoftmax),
  alternatives: () => import('./alternatives.js').then((m) => m.renderAlternatives),
  'training-lab': () => import('./training-lab.js').then((m) => m.renderTrainingLab),
};

// type -> {renderer} once loaded, or {error} when its module could not be loaded (its cells then
// say so, until the page is loaded again).
const loaded = new Map();
const loading = new Map(); // type -> Promise while its module loads

const known = (type) => Object.hasOwn(modules, type); // own keys: "constructor" is no cell type

/** True when a cell of `type` can be drawn now: its module has loaded (or failed), or the type is unknown. */
export function rendererReady(type) {
  return !known(type) || loaded.has(type);
}

/** Loads the renderers of these cell types; resolves when each has loaded or failed (never rejects). */
export function loadRenderers(types) {
  return Promise.all([...new Set(types)].filter((type) => !rendererReady(type)).map((type) => {
    if (!loading.has(type)) {
      loading.set(type, modules[type]().then(
        (renderer) => { loaded.set(type, { renderer }); },
        (error) => { loaded.set(type, { error }); },
      ).finally(() => loading.delete(type)));
    }
    return loading.get(type);
  }));
}

/** Cell types drawn in a bordered box (interactive ones). */
export const boxed = new Set(['explorable', 'scaling-study', 'hand-example', 'held-sequence', 'transformer-block',
  'playback', 'study', 'help-history', 'practice', 'attention-scale', 'precision-lab', 'pipeline', 'pytorch-rules', 'mistakes', 'jacobian', 'cost', 'online-softmax', 'alternatives', 'training-lab']);

/** Draws `cell`; its renderer must have been loaded (loadRenderers). */
export function renderCell(cell, ctx) {
  if (!known(cell.type)) return { el: h('p', { class: 'cell-error' }, `This page cannot draw cells of type “${cell.type}”.`) };
  const entry = loaded.get(cell.type);
  if (!entry) throw new Error(`the renderer of ${cell.type} cells is not loaded`);
  if (entry.error) return { el: h('p', { class: 'cell-error', role: 'alert' }, `This cell could not be drawn: its code could not be loaded (${entry.error.message}).`) };
  return entry.renderer(cell, ctx);
}
