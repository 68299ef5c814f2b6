// "Attention at scale": one large self-attention on WebGPU (the tiled WGSL kernel) or on the
// engine's WebAssembly SIMD kernel, checked against float64 on sampled rows by the engine.
// The reader picks T, d, heads, causal, the divisor, the seed and the backend, then runs it;
// a run shows progress and can be cancelled. The whole run happens in the engine worker
// ('scale_run', web/src/scale-job.js) on its own lane, so cancelling stops that worker.
//
// The root element carries data-backend="webgpu|wasm" and data-max-rel-error="<number>" once a
// run has finished (and neither while one runs), for tests and for pages that embed the cell.

import { h, uniqueId } from '../dom.js';
import { createProgress } from '../progress.js';
import { staleMarker } from './stale.js';
import { createScaleControls, BACKEND_LABEL } from './attention-scale/controls.js';
import { drawScaleResult, sizeText, whereText } from './attention-scale/draw.js';

export function renderAttentionScale(cell, ctx) {
  const id = uniqueId('scale');
  const settings = createScaleControls(id, cell, ctx);
  const runButton = h('button', { type: 'button', class: 'run' }, 'Run');
  const cancelButton = h('button', { type: 'button', class: 'cancel', hidden: true }, 'Cancel'); // shown while a run is in flight
  const progress = createProgress('Running attention…', { delay: 0 });
  const status = h('p', { class: 'note status', role: 'status', 'aria-live': 'polite' }, 'Choose a size and press Run.');
  const out = h('div', { class: 'scale-results' });
  const stale = staleMarker(out);
  let shownFor = ''; // the settings of the results on screen
  const el = h('div', { class: 'attention-scale' },
    settings.el,
    h('div', { class: 'controls' }, runButton, cancelButton, progress.el),
    status, stale.note, out);

  let run = null; // AbortController of the run in flight
  function setRunning(on) {
    // Keyboard focus follows the button that can act: Run is disabled during a run, Cancel hidden after.
    const hadFocus = el.getRootNode().activeElement;
    runButton.disabled = on;
    cancelButton.hidden = !on;
    if (on && hadFocus === runButton) cancelButton.focus();
    if (!on && hadFocus === cancelButton) runButton.focus();
    if (on) {
      el.removeAttribute('data-backend');
      el.removeAttribute('data-max-rel-error');
      out.setAttribute('aria-busy', 'true');
      progress.begin();
    } else {
      out.removeAttribute('aria-busy');
      progress.end();
    }
  }

  function start() {
    let args;
    try {
      args = settings.read();
    } catch (err) {
      status.textContent = `Not run: ${err.message}`;
      stale.mark(shownFor);
      return;
    }
    stale.clear();
    run?.abort();
    const mine = new AbortController();
    run = mine;
    setRunning(true);
    status.textContent = `Running ${sizeText(args)} (${BACKEND_LABEL[args.backend]})…`;
    ctx.call('scale_run', args, {
      lane: 'scale',
      signal: mine.signal,
      onProgress: (f) => { if (run === mine) progress.update(f); },
    }).then((r) => {
      if (run !== mine) return;
      run = null;
      setRunning(false);
      show(r, args);
    }, (err) => {
      if (run !== mine) return;
      run = null;
      setRunning(false);
      status.textContent = '';
      out.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, `The run failed: ${err.message}`));
    });
  }

  function cancel() {
    if (!run) return;
    run.abort();
    run = null;
    setRunning(false);
    status.textContent = 'Cancelled.';
  }

  runButton.addEventListener('click', start);
  cancelButton.addEventListener('click', cancel);

  function show(r, args) {
    shownFor = `${sizeText(args)}, seed ${args.seed}`;
    el.dataset.backend = r.backend;
    el.dataset.maxRelError = String(r.report.max_rel_error.exact);
    status.textContent = `Finished on ${whereText(r)}.`;
    out.replaceChildren(...drawScaleResult(r, args));
  }

  // Nothing runs until the reader presses Run, so activate() has nothing to do.
  return {
    el,
    dispose() { if (run) cancel(); },
    getState: settings.getState,
  };
}
