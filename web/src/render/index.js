// Cell type -> renderer. A renderer takes (cell, ctx) and returns
//   { el, activate?(), dispose?(), resume?(), getState?(), isDefault?() }
// activate() runs once, when the cell is first shown at the current depth (engine work waits
// until then); dispose() runs when the cell leaves the page (its element was removed, or the
// notebook was redrawn or replaced) and stops the cell's engine work and timers; resume() runs
// if the element is put back, to restart what dispose() stopped. getState() returns what the
// permalink keeps for the cell.

import { h } from '../dom.js';
import { renderProse, renderMarkdown } from './prose.js';
import { renderTex } from './maths.js';
import { renderExplorable } from './explorable.js';
import { renderScalingStudy } from './scaling-study.js';
import { renderHandExample } from './hand-example.js';
import { renderHeldSequence } from './held-sequence.js';
import { renderTransformerBlock } from './transformer-block.js';
import { renderPlayback } from './playback.js';
import { renderStudy } from './study.js';
import { renderHelpHistory } from './help-history.js';
import { renderPractice } from './practice.js';
import { renderReferences } from './references.js';
import { renderContents } from './contents.js';
import { renderAttentionScale } from './attention-scale.js';
import { renderPrecisionLab } from './precision-lab.js';
import { renderPipeline } from './pipeline.js';
import { renderPytorchRules } from './pytorch-rules.js';
import { renderMistakes } from './mistakes.js';
import { renderJacobian } from './jacobian.js';
import { renderCost } from './cost.js';
import { renderOnlineSoftmax } from './online-softmax.js';
import { renderAlternatives } from './alternatives.js';
import { renderTrainingLab } from './training-lab.js';

function renderMaths(cell, ctx = {}) {
  const tex = ctx.typesetter ? ctx.typesetter.tex : renderTex;
  const el = h('div', { class: 'maths-cell' }, tex(cell.tex, { display: cell.display !== false }));
  if (cell.caption) el.append(h('div', { class: 'caption prose' }, renderMarkdown(cell.caption, { headingBase: ctx.headingBase ?? 3, typesetter: ctx.typesetter })));
  return { el };
}

export const renderers = {
  prose: renderProse,
  maths: renderMaths,
  explorable: renderExplorable,
  'scaling-study': renderScalingStudy,
  'hand-example': renderHandExample,
  'held-sequence': renderHeldSequence,
  'transformer-block': renderTransformerBlock,
  playback: renderPlayback,
  study: renderStudy,
  'help-history': renderHelpHistory,
  practice: renderPractice,
  references: renderReferences,
  contents: renderContents,
  'attention-scale': renderAttentionScale,
  'precision-lab': renderPrecisionLab,
  pipeline: renderPipeline,
  'pytorch-rules': renderPytorchRules,
  mistakes: renderMistakes,
  jacobian: renderJacobian,
  cost: renderCost,
  'online-softmax': renderOnlineSoftmax,
  alternatives: renderAlternatives,
  'training-lab': renderTrainingLab,
};

/** Cell types drawn in a bordered box (interactive ones). */
export const boxed = new Set(['explorable', 'scaling-study', 'hand-example', 'held-sequence', 'transformer-block',
  'playback', 'study', 'help-history', 'practice', 'attention-scale', 'precision-lab', 'pipeline', 'pytorch-rules', 'mistakes', 'jacobian', 'cost', 'online-softmax', 'alternatives', 'training-lab']);

export function renderCell(cell, ctx) {
  const fn = Object.hasOwn(renderers, cell.type) ? renderers[cell.type] : null; // own keys: "constructor" is no renderer
  if (!fn) return { el: h('p', { class: 'cell-error' }, `This page cannot draw cells of type “${cell.type}”.`) };
  return fn(cell, ctx);
}
