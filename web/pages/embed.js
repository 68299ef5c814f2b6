// embed.html?notebook=<id>[&depth=beginner|developer|researcher][&theme=light|dark][&parent=<origin>]
// Renders one notebook for an <iframe> and tells the parent page (docs/embedding.md lists it all):
//   {type: 'attnbook:height', id, height}            whenever the page height changes;
//   {type: 'attnbook:event', id, name, detail}        for the events in FORWARDED, with only the
//                                                      detail fields named there;
//   {type: 'attnbook:xapi', id, statement}            an xAPI-shaped statement (verbs experienced,
//                                                      answered, completed; web/src/xapi.js) for
//                                                      hosts that record xAPI.
// With ?parent=https://course.example the messages go to that origin only (postMessage's
// targetOrigin: the browser drops them if the parent page is anything else). Without it they go
// to whichever page frames this one ('*'), as before.
import './attention-notebook.js';
import { trackLearning } from '../src/learning-record.js';
import { ID_PATTERN } from '../src/cell-id.js';

// Event -> the detail fields that cross to the parent. Nothing else does: the learner's typed
// answers and the notebook's state stay in the frame.
const FORWARDED = {
  notebookopen: ['id', 'title'],
  practice: ['cellId', 'correct'],
  practicecomplete: ['id'],
  depthchange: ['depth', 'previous'],
};
const params = new URLSearchParams(location.search);
const id = params.get('notebook') || '';
const root = document.getElementById('embed-root');

/** ?parent= as an origin ("https://course.example"), '*' without it, null if it is not one. */
function parentOrigin(value) {
  if (value === null) return '*';
  try {
    const url = new URL(value);
    // Exactly an origin: scheme, host and port (a trailing "/" allowed), no user, path or query.
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.href === `${url.origin}/`) return url.origin;
  } catch {
    // not a URL
  }
  return null;
}
const target = parentOrigin(params.get('parent'));

function post(message) {
  if (target !== null && window.parent !== window) window.parent.postMessage(message, target);
}

/** The event's detail as plain data, with only the fields FORWARDED names. */
function detailFor(name, detail) {
  const out = {};
  for (const field of FORWARDED[name]) {
    const v = detail?.[field];
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[field] = v;
  }
  return out;
}

function pageError(text) {
  const p = document.createElement('p');
  p.className = 'page-error';
  p.textContent = text;
  root.append(p);
}

if (target === null) {
  pageError('embed.html: ?parent= must be the origin of the page that frames this one, e.g. parent=https://course.example');
} else if (!ID_PATTERN.test(id)) {
  pageError('embed.html needs ?notebook=<id>, e.g. embed.html?notebook=attention-explorable');
} else {
  const el = document.createElement('attention-notebook');
  el.setAttribute('src', `notebooks/${id}.checked.json`); // checked when the site was built (web/src/checked-notebook.js)
  for (const name of ['depth', 'theme']) {
    const value = params.get(name);
    if (value) el.setAttribute(name, value);
  }
  // A forced theme is the frame's colour scheme too: otherwise a light notebook in a dark system
  // sits on the frame's dark canvas (seen at its rounded corners and below it).
  const theme = params.get('theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.style.colorScheme = theme;
  // Inside a course page the frame's main landmark sits beside the page's own: name it after the
  // notebook so a screen reader's landmark list tells them apart.
  el.addEventListener('notebookopen', (event) => root.setAttribute('aria-label', `Notebook: ${event.detail.title}`));
  for (const name of Object.keys(FORWARDED)) {
    el.addEventListener(name, (event) => post({ type: 'attnbook:event', id, name, detail: detailFor(name, event.detail) }));
  }
  // The same progress as the SCORM package records, as xAPI statements: cells seen, practice
  // answered (right or not, never what was typed), the notebook completed.
  trackLearning(el, { onStatement: (statement) => post({ type: 'attnbook:xapi', id, statement }) });
  root.append(el);
}

// The height of the whole document, sent each time it changes.
let lastHeight = -1;
function reportHeight() {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height !== lastHeight) {
    lastHeight = height;
    post({ type: 'attnbook:height', id, height });
  }
}
new ResizeObserver(reportHeight).observe(document.documentElement);
reportHeight();
