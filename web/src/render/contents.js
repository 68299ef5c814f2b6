// A contents cell ("On this page"): the headings of the cells shown after it at the reader's
// depth, each a link to its heading. Nothing in it is written by hand: the element
// (../attention-notebook.js) hands it the headings it is showing whenever the depth changes or
// more cells are drawn, so the list cannot go stale. Cell titles are the top entries; a prose
// cell's top headings go under the title before them, as in the page's heading outline.
// The links scroll inside the notebook's shadow root: a plain "#id" would look for the id in the
// page's document and write over the permalink kept in the URL's hash.

import { h } from '../dom.js';

/** A heading's words, formulas as their TeX (a typeset formula's text would repeat itself). */
function headingText(heading) {
  const copy = heading.cloneNode(true);
  for (const k of copy.querySelectorAll('.katex')) k.replaceWith(k.querySelector('annotation')?.textContent ?? '');
  return copy.textContent.replace(/\s+/g, ' ').trim();
}

const SETTLE_MS = 1000;
const READER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'];

function jump(target) {
  target.tabIndex = -1; // focus follows the reader, so Tab continues from the section reached
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
  // Formulas are typeset as they come near the viewport (typesetter.js), and a typeset formula is
  // not as tall as its TeX was: what is above the heading can change height just after the jump.
  // Keep the heading where it landed for a moment, unless the reader moves on.
  const top = target.getBoundingClientRect().top;
  const until = performance.now() + SETTLE_MS;
  let stopped = false;
  const stop = () => { stopped = true; };
  for (const type of READER_MOVES) window.addEventListener(type, stop, { once: true, passive: true });
  const settle = () => {
    if (stopped || performance.now() > until) {
      for (const type of READER_MOVES) window.removeEventListener(type, stop);
      return;
    }
    if (Math.abs(target.getBoundingClientRect().top - top) > 1) target.scrollIntoView({ block: 'start' });
    requestAnimationFrame(settle);
  };
  requestAnimationFrame(settle);
}

export function renderContents(cell) {
  const list = h('ol', { class: 'toc' });
  const el = h('nav', { class: 'contents', 'aria-label': cell.title || 'On this page' },
    cell.title ? null : h('p', { class: 'toc-label' }, 'On this page'), list);
  return {
    el,
    /** headings: [{el, sub}] in document order; sub: one level below the cell titles. */
    setHeadings(headings) {
      const items = [];
      let top = null;
      let sub = null;
      for (const { el: heading, sub: isSub } of headings) {
        const a = h('a', { href: `#${heading.id}` }, headingText(heading));
        a.addEventListener('click', (event) => {
          event.preventDefault();
          jump(heading);
        });
        const li = h('li', null, a);
        if (isSub && top) {
          if (!sub) sub = top.appendChild(h('ol'));
          sub.append(li);
        } else {
          items.push(li);
          top = li;
          sub = null;
        }
      }
      list.replaceChildren(...items);
    },
  };
}
