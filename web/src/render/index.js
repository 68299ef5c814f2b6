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

// Each cell type's renderer module (import() with literal paths: esbuild follows only those),
// whether its cells are drawn in a bordered box (the interactive ones), and whether they ask the
// reader's engine (the learner's module, on the page's main worker) as soon as they are shown
// (`engine`: their activate() calls it): the element starts that engine while it draws a depth with
// one, and no engine for a depth without (prose, practice, which asks only when a reader answers,
// an attention-at-scale cell, which runs on its own worker when a reader presses Run, a training lab,
// on the training worker). tests/browser/page-size.test.mjs checks this against what each shipped
// lesson downloads at its opening depth (a cell that asked without saying so fetches the module).
// `restore`: the cell type's settings are a field table in the engine, which checks a permalink's
// state for them (restoresState below).
const cellTypes = {
  prose: { load: () => import('./prose.js').then((m) => m.renderProse) },
  maths: { load: () => import('./maths-cell.js').then((m) => m.renderMaths) },
  explorable: { load: () => import('./explorable.js').then((m) => m.renderExplorable), boxed: true, engine: true, restore: true },
  'scaling-study': { load: () => import('./scaling-study.js').then((m) => m.renderScalingStudy), boxed: true, engine: true, restore: true },
  'hand-example': { load: () => import('./hand-example.js').then((m) => m.renderHandExample), boxed: true, engine: true, restore: true },
  'held-sequence': { load: () => import('./held-sequence.js').then((m) => m.renderHeldSequence), boxed: true, engine: true, restore: true },
  'transformer-block': { load: () => import('./transformer-block.js').then((m) => m.renderTransformerBlock), boxed: true, engine: true, restore: true },
  playback: { load: () => import('./playback.js').then((m) => m.renderPlayback), boxed: true, engine: true },
  study: { load: () => import('./study.js').then((m) => m.renderStudy), boxed: true },
  'help-history': { load: () => import('./help-history.js').then((m) => m.renderHelpHistory), boxed: true },
  practice: { load: () => import('./practice.js').then((m) => m.renderPractice), boxed: true },
  references: { load: () => import('./references.js').then((m) => m.renderReferences) },
  contents: { load: () => import('./contents.js').then((m) => m.renderContents) },
  'attention-scale': { load: () => import('./attention-scale.js').then((m) => m.renderAttentionScale), boxed: true, restore: true },
  'precision-lab': { load: () => import('./precision-lab.js').then((m) => m.renderPrecisionLab), boxed: true, engine: true },
  pipeline: { load: () => import('./pipeline.js').then((m) => m.renderPipeline), boxed: true, engine: true },
  'pytorch-rules': { load: () => import('./pytorch-rules.js').then((m) => m.renderPytorchRules), boxed: true, engine: true, restore: true },
  mistakes: { load: () => import('./mistakes.js').then((m) => m.renderMistakes), boxed: true, engine: true, restore: true },
  jacobian: { load: () => import('./jacobian.js').then((m) => m.renderJacobian), boxed: true, engine: true, restore: true },
  cost: { load: () => import('./cost.js').then((m) => m.renderCost), boxed: true, engine: true, restore: true },
  'online-softmax': { load: () => import('./online-softmax.js').then((m) => m.renderOnlineSoftmax), boxed: true, engine: true, restore: true },
  alternatives: { load: () => import('./alternatives.js').then((m) => m.renderAlternatives), boxed: true, engine: true },
  'training-lab': { load: () => import('./training-lab.js').then((m) => m.renderTrainingLab), boxed: true, restore: true },
};

// type -> {renderer} once loaded, or {error} when its module could not be loaded (its cells then
// say so, until the page is loaded again).
const loaded = new Map();
const loading = new Map(); // type -> Promise while its module loads

const known = (type) => Object.hasOwn(cellTypes, type); // own keys: "constructor" is no cell type

/** True when a cell of `type` can be drawn now: its module has loaded (or failed), or the type is unknown. */
export function rendererReady(type) {
  return !known(type) || loaded.has(type);
}

/** Loads the renderers of these cell types; resolves when each has loaded or failed (never rejects). */
export function loadRenderers(types) {
  return Promise.all([...new Set(types)].filter((type) => !rendererReady(type)).map((type) => {
    if (!loading.has(type)) {
      loading.set(type, cellTypes[type].load().then(
        (renderer) => { loaded.set(type, { renderer }); },
        (error) => { loaded.set(type, { error }); },
      ).finally(() => loading.delete(type)));
    }
    return loading.get(type);
  }));
}

/** Whether cells of `type` are drawn in a bordered box. */
export const boxed = (type) => known(type) && cellTypes[type].boxed === true;

/**
 * Whether a cell of `type` with saved state has it checked by the engine (the `restore` command:
 * each setting by the cell type's field table) before its first draw; its renderer checks none.
 */
export const restoresState = (type) => known(type) && cellTypes[type].restore === true;

/** Whether cells of `type` ask the reader's engine as soon as they are shown. */
export const asksEngine = (type) => known(type) && cellTypes[type].engine === true;

/** Draws `cell`; its renderer must have been loaded (loadRenderers). */
export function renderCell(cell, ctx) {
  if (!known(cell.type)) return { el: h('p', { class: 'cell-error' }, `This page cannot draw cells of type “${cell.type}”.`) };
  const entry = loaded.get(cell.type);
  if (!entry) throw new Error(`the renderer of ${cell.type} cells is not loaded`);
  if (entry.error) return { el: h('p', { class: 'cell-error', role: 'alert' }, `This cell could not be drawn: its code could not be loaded (${entry.error.message}).`) };
  return entry.renderer(cell, ctx);
}
