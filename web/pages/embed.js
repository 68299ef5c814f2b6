// embed.html?notebook=<id>[&depth=beginner|developer|researcher][&theme=light|dark]
// Renders one notebook for an <iframe> and tells the parent page:
//   {type: 'attnbook:height', id, height}            whenever the page height changes;
//   {type: 'attnbook:event', id, name, detail}        for notebookopen, practice, practicecomplete, depthchange.
import './attention-notebook.js';

const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
const FORWARDED = ['notebookopen', 'practice', 'practicecomplete', 'depthchange'];
const params = new URLSearchParams(location.search);
const id = params.get('notebook') || '';
const root = document.getElementById('embed-root');

function post(message) {
  if (window.parent !== window) window.parent.postMessage(message, '*');
}

// Event details cross as plain data (structured clone rejects functions and DOM nodes).
function plain(detail) {
  try {
    return detail === undefined ? null : JSON.parse(JSON.stringify(detail));
  } catch {
    return null;
  }
}

if (!ID_PATTERN.test(id)) {
  const p = document.createElement('p');
  p.className = 'page-error';
  p.textContent = 'embed.html needs ?notebook=<id>, e.g. embed.html?notebook=attention-explorable';
  root.append(p);
} else {
  const el = document.createElement('attention-notebook');
  el.setAttribute('src', `notebooks/${id}.json`);
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
  for (const name of FORWARDED) {
    el.addEventListener(name, (event) => post({ type: 'attnbook:event', id, name, detail: plain(event.detail) }));
  }
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
