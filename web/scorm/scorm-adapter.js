// The SCORM adapter of the packaged notebook (scripts/scorm.mjs), for SCORM 1.2 and 2004
// (scorm-api.js finds the LMS's API and names each element in its dialect):
//
//   on open                      Initialize; a first attempt gets status "incomplete"
//                                (1.2: cmi.core.lesson_status, 2004: cmi.completion_status);
//                                cmi.suspend_data restores what the learner did before
//   after every change           cmi.suspend_data = {seen, correct, depth, last} (suspend-data.js),
//                                the location (the last cell's id), the score (notebooks with
//                                practice: the share of practice cells answered correctly), Commit
//   when complete                status "completed" (learning-record.js says when); never lowered
//   when the page is left        exit "suspend" (or 1.2: "", 2004: "normal" once complete), Commit,
//                                Finish/Terminate
// Never sent: what the learner typed (only whether each practice answer was right).
import { trackLearning } from '../src/learning-record.js';
import { cellIdOf } from '../src/cell-id.js';
import { encodeSuspendData, decodeSuspendData } from './suspend-data.js';
import { discoverApi } from './scorm-api.js';

/** Connects the notebook element `el` (its document is `doc`, the parsed inline JSON) to the LMS. */
export function connectScorm(el, doc, win = window) {
  const found = discoverApi(win);
  if (!found) return null;
  const { api, dialect: d } = found;
  if (String(d.initialize(api)) !== 'true') return null;
  const get = (name) => String(d.get(api, name) ?? '');
  const set = (name, value) => d.set(api, name, String(value));
  let status = get(d.status);
  if (d.notStarted.includes(status)) {
    status = 'incomplete';
    set(d.status, status);
  }
  const cells = Array.isArray(doc?.cells) ? doc.cells : [];
  const restore = decodeSuspendData(get('cmi.suspend_data'), cells.length, doc?.depths || []);
  let finished = false;
  let lastSaved = '';

  const record = trackLearning(el, {
    restore,
    onChange(state) {
      if (finished) return;
      const data = encodeSuspendData(state);
      if (data !== lastSaved) {
        set('cmi.suspend_data', data);
        lastSaved = data;
      }
      if (state.location !== null) {
        const cell = el.notebook?.cells[state.location];
        set(d.location, cellIdOf(cell || {}, state.location));
      }
      if (state.practiceCount > 0) for (const [name, value] of d.score(state.score)) set(name, value);
      if (state.complete && !d.done.includes(status)) {
        status = 'completed';
        set(d.status, status);
      }
      d.commit(api);
    },
  });

  function finish() {
    if (finished) return;
    set(d.exit, d.done.includes(status) ? d.exitDone : 'suspend');
    d.commit(api);
    finished = true;
    record.stop();
    d.finish(api);
  }
  win.addEventListener('pagehide', finish);
  win.addEventListener('beforeunload', finish);
  return { api, version: d.version, record, finish };
}
