// A notebook's formulas, typeset without holding the page. KaTeX builds one formula in one go on
// the main thread (about 0.2 ms per character of TeX on a slow laptop), and a notebook may hold
// hundreds: typesetting them all when the notebook opens froze the page for seconds to minutes.
// So a formula is first a placeholder showing its TeX; an IntersectionObserver notices when it
// comes within a screen of the visible part of the page, and it is typeset then, a few at a time:
// SLICE_MS of work (../next-task.js), then the page's turn, and the next slice only after the page
// has drawn a frame, so that one frame lays out and paints at most one slice's formulas (slices
// run back to back left 500 formulas to one frame: 0.35 s of style, layout and paint). Formulas
// never scrolled to, in a closed hint or at a depth not shown, cost nothing.
// A slice also counts the layout of what it adds. Styling and laying out KaTeX's output costs as
// much as building it, or more (99 elements for $x_{k}^{i}+\frac{a_i}{b_k}$, 0.03-0.19 ms each
// on the loaded test machine): slices of 40 ms of typesetting into one paragraph of 200 formulas
// left 120-250 ms of style and layout to the frame after each (issue 20). So a slice lays the page
// out itself before it ends (it reads one element's size) and times that, and it stops adding
// formulas once its own time plus the layout expected for the elements added so far (at the last
// measured cost per element) reaches SLICE_MS. The frame after it is left with painting.
//
// The engine's limits hold here as well as in the validator (engine/include/attnbook/notebook/
// notebook.hpp, read from the `limits` command): one formula's length, and the notebook's number of
// formulas and characters of TeX, counted in document order. A formula past a limit is shown as
// the text it is written as; a validated notebook never gets there.

import { h } from '../dom.js';
import { afterFrame, SLICE_MS } from '../next-task.js';
import { renderTex, texAsText, prepareTex } from './maths.js';

// Typeset what is up to one viewport height above or below what is visible.
const AHEAD = '100% 0px 100% 0px';
// Style and layout per element added (ms), until a slice has measured it: about the largest seen
// on the test machine, so the first slice errs short.
const LAYOUT_MS_PER_ELEMENT = 0.1;

const codePoints = (text) => {
  let n = 0;
  for (const _ of text) n += 1; // eslint-disable-line no-unused-vars
  return n;
};

/**
 * A typesetter for one drawing of a notebook.
 * @param {object} [limits] the engine's `limits` answer (its `notebook` part is read)
 * @returns {{tex(tex: string, options?: {display?: boolean}): Element, formulasPerText?: number,
 *            dispose(): void}}
 */
export function createTypesetter(limits) {
  const nb = (limits && limits.notebook) || {};
  const maxChars = nb.tex_max_chars ?? Infinity;
  const maxFormulas = nb.formulas_max ?? Infinity;
  const maxTotal = nb.tex_total_max_chars ?? Infinity;
  let formulas = 0;
  let chars = 0;
  let disposed = false;
  let scheduled = false;
  const pending = new Map(); // placeholder -> {tex, display}
  const queue = []; // placeholders seen near the viewport, in the order seen
  const observer = typeof IntersectionObserver === 'function'
    ? new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        queue.push(entry.target);
      }
      schedule();
    }, { rootMargin: AHEAD })
    : null;

  function schedule() {
    if (scheduled || disposed) return;
    if (!queue.length) return;
    scheduled = true;
    // KaTeX's stylesheet, and KaTeX for a formula the site's build did not typeset, are loaded when
    // the first formula that needs them nears the viewport (maths.js), before its slice.
    const ready = prepareTex(queue.map((placeholder) => pending.get(placeholder)).filter(Boolean));
    if (ready === true) afterFrame(slice);
    else ready.then(() => afterFrame(slice));
  }

  let layoutMsPerElement = LAYOUT_MS_PER_ELEMENT;
  function slice() {
    scheduled = false;
    if (disposed) return;
    const start = performance.now();
    let added = 0; // elements added to the page by this slice
    let last = null;
    while (queue.length && performance.now() - start + added * layoutMsPerElement < SLICE_MS) {
      const placeholder = queue.shift();
      const job = pending.get(placeholder);
      pending.delete(placeholder);
      if (!job) continue;
      const el = renderTex(job.tex, { display: job.display });
      added += 1 + el.getElementsByTagName('*').length;
      placeholder.replaceWith(el);
      last = el;
    }
    if (last && last.isConnected) {
      const before = performance.now();
      void last.offsetWidth; // style and layout now, in this slice, and timed
      const measured = (performance.now() - before) / added;
      // Half the last estimate and half this measurement: one slow frame (a busy machine) does not
      // make every later slice tiny, and a run of them does make them smaller.
      layoutMsPerElement = (layoutMsPerElement + measured) / 2;
    }
    schedule();
  }

  return {
    /** An element for the formula: a placeholder typeset when it nears the viewport. */
    tex(tex, { display = false } = {}) {
      const source = String(tex);
      const n = codePoints(source);
      if (n > maxChars) {
        return texAsText(source, { display, reason: `a formula of ${n} characters; the limit is ${maxChars}` });
      }
      formulas += 1;
      chars += n;
      if (formulas > maxFormulas || chars > maxTotal) {
        return texAsText(source, { display, reason: `past the notebook's limit of ${maxFormulas} formulas and ${maxTotal} characters of TeX` });
      }
      if (!observer || disposed) return renderTex(source, { display });
      const placeholder = h(display ? 'div' : 'span', { class: display ? 'maths maths-block maths-pending' : 'maths maths-pending' }, source);
      pending.set(placeholder, { tex: source, display });
      observer.observe(placeholder);
      return placeholder;
    },
    /** Formulas per Markdown text (the parser's cap; undefined: its own default). */
    formulasPerText: nb.formulas_per_text_max,
    dispose() {
      disposed = true;
      observer?.disconnect();
      queue.length = 0;
      pending.clear();
    },
  };
}
