// The pre-norm transformer block on its own input H (a fixed example of the engine's, not the
// held sequence above it), computed live by the engine's `block`
// command: every intermediate (exact in the tooltip, rounded on the page), each step's formula
// beside the Python line that computes it. The learner can change the number of heads, the
// mask (none or causal) and the activation; the weights are the engine's fixed ones.

import { h, uniqueId } from '../dom.js';
import { latestOnly } from '../engine-client.js';
import { renderMatrix } from './matrix.js';
import { renderTex, loadKatex } from './maths.js';
import { changedFields } from './saved.js';

/** The steps in order: [result key, title, TeX, Python]. */
export const BLOCK_STEPS = [
  ['ln1', 'LayerNorm of H', 'X = \\mathrm{LN}_1(H)', 'x = layer_norm(H, ln1_gamma, ln1_beta)'],
  ['heads', 'Each head: Q, K, V, shares, output', 'Q_h = X W_Q^{(h)},\\; K_h = X W_K^{(h)},\\; V_h = X W_V^{(h)},\\; A_h = \\mathrm{softmax}\\big(Q_h K_h^{\\mathsf T}/\\sqrt{d_h}\\big) V_h',
    'q, k, v = (x @ w_q)[:, cols], (x @ w_k)[:, cols], (x @ w_v)[:, cols]\nout = softmax(q @ k.T / sqrt(d_h), mask) @ v'],
  ['concat', 'Heads concatenated', '\\mathrm{concat}(A_1, \\ldots, A_H)', 'concat = np.concatenate(outs, axis=-1)'],
  ['attention_out', 'Output projection', '\\mathrm{MHA}(X) = \\mathrm{concat}\\, W_O + b_O', 'attn = concat @ w_o + b_o'],
  ['h_prime', 'First residual', "H' = \\mathrm{MHA}(\\mathrm{LN}_1(H)) + H", 'h_prime = attn + H'],
  ['ln2', 'LayerNorm of H′', "Y = \\mathrm{LN}_2(H')", 'y = layer_norm(h_prime, ln2_gamma, ln2_beta)'],
  ['mlp_hidden', 'MLP hidden layer (after the activation)', 'Z = \\mathrm{act}(Y W_1 + b_1)', 'z = act(y @ w_1 + b_1)'],
  ['mlp_out', 'MLP output', 'Z W_2 + b_2', 'mlp = z @ w_2 + b_2'],
  ['h_out', 'Second residual: the block’s output', "H^{\\text{out}} = \\mathrm{MLP}(\\mathrm{LN}_2(H')) + H'", 'h_out = mlp + h_prime'],
];

const ACTIVATION_TEXT = { gelu: 'GELU (with erf)', gelu_tanh: 'GELU (tanh approximation)', relu: 'ReLU' };

export function renderTransformerBlock(cell, ctx) {
  const id = uniqueId('block');
  const labels = cell.labels;
  const n = cell.input.length;
  const limits = ctx.limits.block;
  const dModel = limits.d_model;
  const defaults = { heads: cell.heads, causal: isCausal(cell.mask), activation: cell.activation };
  const customMask = !defaults.causal && !cell.mask.every((row) => row.every(Boolean));
  const headChoices = [1, 2, 4].filter((k) => dModel % k === 0);
  // The permalink's heads and activation come checked by the engine (the `restore` command); the
  // causal switch is the page's (a cell with a mask of its own keeps it).
  const saved = ctx.initial || {};
  const state = {
    heads: saved.heads ?? defaults.heads,
    causal: (customMask ? undefined : saved.causal) ?? defaults.causal,
    activation: saved.act ?? defaults.activation,
  };

  const headsSelect = h('select', { id: `${id}-heads` },
    headChoices.map((k) => h('option', { value: String(k), selected: k === state.heads }, `${k} head${k > 1 ? 's' : ''} (d_head = ${dModel / k})`)));
  const actSelect = h('select', { id: `${id}-act` },
    limits.activations.map((a) => h('option', { value: a, selected: a === state.activation }, ACTIVATION_TEXT[a] || a)));
  const causalBox = h('input', { type: 'checkbox', id: `${id}-causal`, checked: state.causal, disabled: customMask });
  const controls = h('div', { class: 'controls' },
    h('label', { for: headsSelect.id }, 'Heads ', headsSelect),
    h('label', { for: actSelect.id }, 'Activation ', actSelect),
    h('label', { for: causalBox.id }, causalBox, ' Causal mask'));
  headsSelect.addEventListener('change', () => { state.heads = Number(headsSelect.value); changed(); });
  actSelect.addEventListener('change', () => { state.activation = actSelect.value; changed(); });
  causalBox.addEventListener('change', () => { state.causal = causalBox.checked; changed(); });
  function changed() {
    ctx.onStateChange?.();
    refresh();
  }

  // Named for what it is: the block's own example input, a different matrix from the held
  // sequence's queries just above it (issue 19: the old label called it the held sequence).
  const inputView = renderMatrix('H, the block’s own input', cell.input, { rowLabels: labels });
  const inputNote = h('p', { class: 'note block-input-note' }, `H is this block’s own example, ${cell.input.length} positions of ${cell.input[0].length} numbers each: a different matrix from the held sequence above.`);
  const steps = h('ol', { class: 'block-steps', 'aria-live': 'polite' }, h('li', { class: 'loading' }, 'Computing…'));
  const weights = h('div', { class: 'block-weights' });
  const weightsDetails = h('details', null, h('summary', null, 'The fixed weights (not trained)'), weights);
  const problem = h('p', { class: 'cell-error', role: 'alert', hidden: true });
  const el = h('div', { class: 'transformer-block' }, controls, inputNote, inputView, steps, weightsDetails, problem,
    h('p', { class: 'note' }, 'This is the pre-norm arrangement (GPT-2 and most later language models). The original Transformer is post-norm: it applies LayerNorm after each residual addition, H′ = LN(H + MHA(H)).'));

  const block = latestOnly((a) => ctx.call('block', a));
  const mask = () => (state.causal ? Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => c <= r)) : cell.mask);

  async function refresh() {
    try {
      // The steps' formulas are typeset as they are drawn: KaTeX loads beside the engine's answer.
      const [r] = await Promise.all([block({ input: cell.input, heads: state.heads, mask: mask(), activation: state.activation }), loadKatex()]);
      if (!r) return;
      problem.hidden = true;
      draw(r);
    } catch (err) {
      steps.replaceChildren();
      problem.hidden = false;
      problem.textContent = `The engine could not compute the block: ${err.message}`;
    }
  }

  function draw(r) {
    steps.replaceChildren(...blockSteps(r, labels, dModel));
    if (!weights.firstChild) weights.append(...blockWeights(r, dModel, limits.d_ff));
  }

  return {
    el,
    activate: refresh,
    /** Permalink state: heads, activation and the causal mask where they differ from the cell's. */
    getState: () => changedFields({ heads: state.heads, act: state.activation, causal: state.causal },
      { heads: defaults.heads, act: defaults.activation, causal: defaults.causal }),
  };
}

function isCausal(mask) {
  return mask.length > 1 && mask.every((row, r) => row.every((x, c) => x === (c <= r)));
}

const columns = (k) => Array.from({ length: k }, (_, j) => String(j + 1));

/** Each step of the block: its formula beside its Python line, and every number of it (folded). */
export function blockSteps(r, labels, dModel) {
  return BLOCK_STEPS.map(([key, title, tex, py]) => {
    const body = key === 'heads'
      ? r.heads.map((head, i) => h('div', { class: 'head' }, h('p', null, h('strong', null, `Head ${i + 1}`), ` (columns ${i * (dModel / r.heads_count) + 1}–${(i + 1) * (dModel / r.heads_count)} of Q, K and V)`),
        h('div', { class: 'matrices' },
          renderMatrix('Q', head.q, { rowLabels: labels }), renderMatrix('K', head.k, { rowLabels: labels }), renderMatrix('V', head.v, { rowLabels: labels }),
          renderMatrix('Shares (each row sums to 1)', head.shares, { rowLabels: labels, colLabels: labels, note: r.all_masked.some(Boolean) ? 'a fully masked row has none: its output is 0' : '' }),
          renderMatrix('Head output', head.output, { rowLabels: labels }))))
      : renderMatrix(title, r[key], { rowLabels: labels, colLabels: columns(r[key][0].length) });
    return h('li', { class: 'block-step' },
      h('div', { class: 'pair' },
        h('div', { class: 'formula' }, renderTex(tex, { display: false })),
        h('pre', { class: 'python-line' }, h('code', null, py))),
      h('details', { open: key === 'h_out' }, h('summary', null, `${title}: every number`), body));
  });
}

/** The engine's fixed weights, with how LayerNorm is computed. */
function blockWeights(r, dModel, dFf) {
  const w = r.weights;
  return [h('p', { class: 'note' }, `LayerNorm as PyTorch computes it: biased variance, ε = ${r.epsilon} inside the square root. Row vectors: y = x W + b.`),
    h('div', { class: 'matrices' },
      renderMatrix('γ₁', w.ln1_gamma), renderMatrix('β₁', w.ln1_beta),
      renderMatrix('W_Q', w.w_q, { colLabels: columns(dModel) }), renderMatrix('W_K', w.w_k, { colLabels: columns(dModel) }),
      renderMatrix('W_V', w.w_v, { colLabels: columns(dModel) }), renderMatrix('W_O', w.w_o, { colLabels: columns(dModel) }), renderMatrix('b_O', w.b_o),
      renderMatrix('γ₂', w.ln2_gamma), renderMatrix('β₂', w.ln2_beta),
      renderMatrix('W₁', w.w_1, { colLabels: columns(dFf) }), renderMatrix('b₁', w.b_1),
      renderMatrix('W₂', w.w_2, { colLabels: columns(dModel) }), renderMatrix('b₂', w.b_2))];
}
