// The training-lab cell in the element's bundle: a placeholder that loads the lab's code (the
// renderer in training-lab/, a few KB) the first time a lab is shown, so lesson pages without a
// lab carry none of it. training-lab-loader.js says where the code comes from: beside the element
// (dist/training-lab.js) on the site, inlined in the single-file page (scripts/standalone.mjs
// swaps in training-lab-inline.js). The lab's engine work goes to the worker's training module
// (attnbook-train.mjs), which is likewise loaded only by a lab.

import { h } from '../dom.js';
import { loadTrainingLab } from './training-lab-loader.js';

export function renderTrainingLab(cell, ctx) {
  const note = h('p', { class: 'note', role: 'status' }, 'Loading the training lab…');
  const el = h('div', { class: 'training-lab-slot' }, note);
  let view = null;
  let shown = false;
  let viewActive = false; // the lab's own activate() has run: later showings resume it
  const showView = () => {
    if (viewActive) return view.resume?.();
    viewActive = true;
    view.activate?.();
  };
  let loading = null;
  const load = () => {
    loading ||= loadTrainingLab().then((lab) => {
      view = lab.renderTrainingLab(cell, ctx);
      el.replaceChildren(view.el);
      if (shown) showView();
    }, (err) => {
      loading = null; // the next showing tries again
      note.className = 'cell-error';
      note.setAttribute('role', 'alert');
      note.textContent = `The training lab could not be loaded: ${err.message}`;
    });
    return loading;
  };
  const show = () => {
    shown = true;
    if (view) showView();
    else load();
  };
  return {
    el,
    activate: show,
    resume: show,
    dispose() {
      shown = false;
      view?.dispose?.();
    },
    // Until the lab has loaded, the permalink keeps what it held for the cell.
    getState: () => (view ? view.getState?.() : ctx.initial) ?? {},
  };
}
