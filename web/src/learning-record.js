// What one learner did in one <attention-notebook>, for the hosts that record it (the SCORM
// adapter, embed.html's xAPI messages):
//   seen     the cells that have been on screen (at least half of the cell, or half the viewport)
//   correct  the practice cells answered correctly at least once
//   complete every practice cell of the notebook answered correctly at least once; in a notebook
//            without practice, every cell shown at the learner's depth seen
// Only the element's public events and its open shadow root are used; the learner's typed
// answers are never read (the `practice` event carries only whether an answer was right).
//
//   const record = trackLearning(el, { restore, onChange(state, what), onStatement(statement) });
//   state: {seen: Set<index>, correct: Set<index>, depth, location (index of the last cell seen),
//           complete, practiceCount}
import { openedStatement, seenStatement, answeredStatement, completedStatement } from './xapi.js';
import { cellIdOf } from './cell-id.js';

/** Completion and score of `state` for `notebook` at `depth`. */
export function progressOf(notebook, state, depth) {
  const practice = notebook.cells.map((c, i) => (c.type === 'practice' ? i : -1)).filter((i) => i >= 0);
  if (practice.length) {
    const right = practice.filter((i) => state.correct.has(i)).length;
    return { complete: right === practice.length, score: right / practice.length, practiceCount: practice.length };
  }
  const shown = notebook.cells.map((c, i) => ((c.depths || notebook.depths).includes(depth) ? i : -1)).filter((i) => i >= 0);
  return { complete: shown.every((i) => state.seen.has(i)), score: null, practiceCount: 0 };
}

export function trackLearning(el, { restore = null, onChange = () => {}, onStatement = () => {} } = {}) {
  const state = {
    seen: new Set(restore?.seen || []),
    correct: new Set(restore?.correct || []),
    depth: restore?.depth || null,
    location: Number.isInteger(restore?.location) ? restore.location : null,
    complete: false,
    score: null,
    practiceCount: 0,
  };
  let notebook = null;
  let observer = null;
  let announcedComplete = false;

  function update(what) {
    if (!notebook) return;
    Object.assign(state, progressOf(notebook, state, state.depth));
    onChange(state, what);
    if (state.complete && !announcedComplete) {
      announcedComplete = true;
      onStatement(completedStatement(notebook, state.score));
    }
  }

  function watchCells() {
    observer?.disconnect();
    const sections = [...el.shadowRoot.querySelectorAll('section.cell')];
    observer = new IntersectionObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const index = sections.indexOf(entry.target);
        if (index < 0 || !entry.isIntersecting) continue;
        const viewport = entry.rootBounds?.height || window.innerHeight;
        const enough = entry.intersectionRatio >= 0.5 || entry.intersectionRect.height >= viewport / 2;
        if (!enough) continue;
        state.location = index;
        if (!state.seen.has(index)) {
          state.seen.add(index);
          onStatement(seenStatement(notebook, index, cellIdOf(notebook.cells[index], index)));
        }
        changed = true;
      }
      if (changed) update('seen');
    }, { threshold: [0, 0.25, 0.5, 0.75, 1] });
    for (const s of sections) observer.observe(s);
    return sections;
  }

  function onOpen() {
    notebook = el.notebook;
    if (!notebook) return;
    state.depth = el.depth || notebook.depths[0];
    onStatement(openedStatement(notebook));
    const sections = watchCells();
    // Known complete from an earlier visit: not announced again.
    Object.assign(state, progressOf(notebook, state, state.depth));
    announcedComplete = state.complete;
    onChange(state, 'open');
    if (restore && state.location !== null && sections[state.location] && !sections[state.location].hidden) {
      sections[state.location].scrollIntoView({ block: 'start' });
    }
  }
  function onPractice(event) {
    if (!notebook) return;
    const index = notebook.cells.findIndex((c, i) => cellIdOf(c, i) === event.detail.cellId);
    if (index < 0) return;
    onStatement(answeredStatement(notebook, index, event.detail.cellId, event.detail.correct));
    if (event.detail.correct) state.correct.add(index);
    update('practice');
  }
  function onDepth(event) {
    state.depth = event.detail.depth;
    update('depth');
  }

  // A depth kept from an earlier visit applies before the notebook is drawn.
  if (state.depth && !el.notebook) el.setAttribute('depth', state.depth);
  el.addEventListener('notebookopen', onOpen);
  el.addEventListener('practice', onPractice);
  el.addEventListener('depthchange', onDepth);
  if (el.notebook) onOpen();
  return {
    state,
    stop() {
      observer?.disconnect();
      el.removeEventListener('notebookopen', onOpen);
      el.removeEventListener('practice', onPractice);
      el.removeEventListener('depthchange', onDepth);
    },
  };
}
