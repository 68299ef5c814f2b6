// The SCORM 1.2 adapter of the packaged notebook (scripts/scorm.mjs). It talks to the LMS's
// run-time API object `API`, found with the standard search (SCORM 1.2 RTE, "API discovery"):
// this window's parents, up to 7 levels, then the opener's. Without an API (the file opened on
// its own) it does nothing and the notebook works as the standalone file does.
//
//   LMSInitialize("")                                 when the notebook page opens
//   cmi.core.lesson_status = "incomplete"             on the first visit ("not attempted")
//   cmi.suspend_data = {seen, correct, depth, last}   after every change (suspend-data.js)
//   cmi.core.lesson_location = the last cell's id     likewise
//   cmi.core.score.raw/min/max = % of practice right  notebooks with practice
//   cmi.core.lesson_status = "completed"              when learning-record.js says complete
//   cmi.core.exit = "suspend" | "" , LMSFinish("")    when the page is left
// Never sent: what the learner typed (only whether each practice answer was right).
import { trackLearning } from '../src/learning-record.js';
import { encodeSuspendData, decodeSuspendData } from './suspend-data.js';

const MAX_PARENTS = 7;

/** The SCORM 1.2 API object in `win` or its parents, or null. Other origins' frames are skipped. */
export function findApi(win) {
  let w = win;
  for (let tries = 0; w && tries <= MAX_PARENTS; tries++) {
    try {
      if (w.API && typeof w.API.LMSInitialize === 'function') return w.API;
    } catch {
      // a frame of another origin: its properties cannot be read
    }
    let parent = null;
    try {
      parent = w.parent;
    } catch {
      parent = null;
    }
    if (!parent || parent === w) break;
    w = parent;
  }
  return null;
}

export function discoverApi(win = window) {
  return findApi(win) || (win.opener ? findApi(win.opener) : null);
}

const DONE = new Set(['completed', 'passed']);

/** Connects the notebook element `el` (its document is `doc`, the parsed inline JSON) to the LMS. */
export function connectScorm12(el, doc, win = window) {
  const api = discoverApi(win);
  if (!api) return null;
  if (String(api.LMSInitialize('')) !== 'true') return null;
  const get = (name) => String(api.LMSGetValue(name) ?? '');
  const set = (name, value) => api.LMSSetValue(name, String(value));
  let status = get('cmi.core.lesson_status');
  if (status === '' || status === 'not attempted') {
    status = 'incomplete';
    set('cmi.core.lesson_status', status);
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
        set('cmi.core.lesson_location', cell?.id || `cell-${state.location + 1}`);
      }
      if (state.practiceCount > 0) {
        set('cmi.core.score.min', 0);
        set('cmi.core.score.max', 100);
        set('cmi.core.score.raw', Math.round(state.score * 100));
      }
      if (state.complete && !DONE.has(status)) {
        status = 'completed';
        set('cmi.core.lesson_status', status);
      }
      api.LMSCommit('');
    },
  });

  function finish() {
    if (finished) return;
    set('cmi.core.exit', DONE.has(status) ? '' : 'suspend');
    api.LMSCommit('');
    finished = true;
    record.stop();
    api.LMSFinish('');
  }
  win.addEventListener('pagehide', finish);
  win.addEventListener('beforeunload', finish);
  return { api, record, finish };
}
