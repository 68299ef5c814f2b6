// Numbers that no longer belong to the input. When a learner's input cannot be computed, a cell
// keeps its last numbers on screen (to compare) but marks them: dimmed, data-stale on the box, and
// a note above them naming the input they are still for. One rule for every computing cell, the
// one the explorable's entry boxes follow ("The numbers shown are still for ...").

import { h } from '../dom.js';

/**
 * results: the element holding the cell's numbers (or a function returning it, for a cell that
 * redraws that element). Returns { note, mark(forWhat), clear() }; put
 * `note` in the cell (before the results). mark() does nothing while no numbers are shown yet.
 */
export function staleMarker(target) {
  const note = h('p', { class: 'stale-note', role: 'status', hidden: true });
  const box = () => (typeof target === 'function' ? target() : target);
  return {
    note,
    mark(forWhat) {
      const results = box();
      if (!results?.childElementCount) return;
      results.dataset.stale = 'true';
      note.hidden = false;
      note.textContent = `The numbers below are still for ${forWhat}, not for what is typed now.`;
    },
    clear() {
      const results = box();
      if (results) delete results.dataset.stale;
      note.hidden = true;
      note.textContent = '';
    },
  };
}
