// The SCORM run-time APIs the packaged notebook speaks (scripts/scorm.mjs). One launch file serves
// both packages: the adapter looks for SCORM 2004's API_1484_11 first, then SCORM 1.2's API, with
// the standard search (this window's parents, up to 7 levels, then the opener's), and talks to
// whichever it finds through one of the two dialects below.

const MAX_PARENTS = 7;

/** The object named `name` in `win` or its parents, or null. Other origins' frames are skipped. */
export function findApi(win, name, method) {
  let w = win;
  for (let tries = 0; w && tries <= MAX_PARENTS; tries++) {
    try {
      if (w[name] && typeof w[name][method] === 'function') return w[name];
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

// Each dialect: the API's name, its calls, and the data model elements the adapter sets.
export const SCORM12 = {
  version: '1.2',
  apiName: 'API',
  initialize: (api) => api.LMSInitialize(''),
  get: (api, e) => api.LMSGetValue(e),
  set: (api, e, v) => api.LMSSetValue(e, v),
  commit: (api) => api.LMSCommit(''),
  finish: (api) => api.LMSFinish(''),
  status: 'cmi.core.lesson_status',
  notStarted: ['', 'not attempted'],
  done: ['completed', 'passed'],
  location: 'cmi.core.lesson_location',
  exit: 'cmi.core.exit',
  exitDone: '',
  /** The score elements for `fraction` (0..1) of the practice answered correctly. */
  score: (fraction) => [['cmi.core.score.min', 0], ['cmi.core.score.max', 100], ['cmi.core.score.raw', Math.round(fraction * 100)]],
};

export const SCORM2004 = {
  version: '2004',
  apiName: 'API_1484_11',
  initialize: (api) => api.Initialize(''),
  get: (api, e) => api.GetValue(e),
  set: (api, e, v) => api.SetValue(e, v),
  commit: (api) => api.Commit(''),
  finish: (api) => api.Terminate(''),
  status: 'cmi.completion_status',
  notStarted: ['', 'unknown', 'not attempted'],
  done: ['completed'],
  location: 'cmi.location',
  exit: 'cmi.exit',
  exitDone: 'normal',
  score: (fraction) => [['cmi.score.min', 0], ['cmi.score.max', 100], ['cmi.score.raw', Math.round(fraction * 100)],
    ['cmi.score.scaled', Math.round(fraction * 10000) / 10000]],
};

/** {api, dialect} for the LMS this window runs in, or null. */
export function discoverApi(win = window) {
  for (const dialect of [SCORM2004, SCORM12]) {
    const method = dialect === SCORM12 ? 'LMSInitialize' : 'Initialize';
    const api = findApi(win, dialect.apiName, method) || (win.opener ? findApi(win.opener, dialect.apiName, method) : null);
    if (api) return { api, dialect };
  }
  return null;
}
