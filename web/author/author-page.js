// The author page (dist/author.html): a JSON editor beside the live notebook.
//
// Every change of the text is validated by the engine (in the worker, debounced): its errors are
// underlined in the editor at their line and column and listed with their JSON path (a click
// jumps there). A text without errors is drawn by the <attention-notebook> beside it; while the
// text has errors the last good drawing stays. The work is kept in this browser's localStorage
// (never sent anywhere) until the author discards it. Restored work is shown in the editor at
// once, but checked and drawn only once the page is idle (or the author changes it): a notebook
// that once froze the page must not freeze every later visit before "Discard saved work" can be
// pressed (issue 20: 198 s for a 4 MB one).
//
// author.html?preview: the mode of `scripts/attnbook preview FILE` (scripts/preview.mjs). The
// text comes from the server's preview/notebook.json, read-only, and is read again whenever the
// server's preview/events stream says the file changed on disk.

import '../src/define.js';
import { call } from '../src/engine-client.js';
import { engineLimits, notebookTextLimit } from '../src/engine-limits.js';
import { overLimit } from '../src/notebook-text.js';
import { createEditor } from './editor.js';
import { templateDocument, documentText } from './template.js';
import fieldDocs from 'attnbook:field-docs';
import { ID_PATTERN } from '../src/cell-id.js';

const STORAGE_KEY = 'attnbook-author:text';
const DEBOUNCE_MS = 250;
const previewMode = new URLSearchParams(location.search).has('preview');

const $ = (id) => document.getElementById(id);
const preview = $('preview');
const statusEl = $('status');
const problemsEl = $('problems');
const savedEl = $('saved-note');

let editor = null;
let fileName = 'notebook.json';
let timer = null;
let checkToken = 0;
let cellTypes = null;

function setStatus(text, kind = '') {
  statusEl.textContent = text;
  statusEl.dataset.kind = kind;
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage switched off: the page works, nothing is kept
  }
}

async function templateText() {
  return documentText(templateDocument(engineLimits(), await cellTypesAnswer(), fieldDocs));
}

function cellTypesAnswer() {
  cellTypes ||= call('cell_types');
  return cellTypes;
}

// ---- validation and preview ---------------------------------------------------------------------
function scheduleCheck() {
  clearTimeout(timer);
  timer = setTimeout(() => check(editor.getText()), DEBOUNCE_MS);
}

async function check(text) {
  const token = ++checkToken;
  let result;
  try {
    const limit = notebookTextLimit();
    result = overLimit(text, limit)
      ? { ok: false, errors: [{ where: fileName, path: null, line: null, column: null, message: `the text is larger than the engine's limit of ${limit.text}` }] }
      : await call('validate', { text, name: fileName });
  } catch (err) {
    if (token === checkToken) setStatus(`The engine could not check the notebook: ${err.message}`, 'error');
    return;
  }
  if (token !== checkToken) return; // a newer text is being checked
  const offsets = editor.showErrors(result.errors);
  renderProblems(result.errors, offsets);
  if (result.ok) {
    setStatus('No problems. The preview shows this version.', 'ok');
    preview.loadText(text, fileName);
    const drawn = await preview.ready;
    if (token !== checkToken) return;
    if (!drawn.ok) setStatus('The preview could not draw this version.', 'error');
    syncDepths();
    // Set once the preview shows this text, so "checked" always means "checked and drawn".
    document.body.dataset.valid = 'true';
  } else {
    document.body.dataset.valid = 'false';
    const n = result.errors.length;
    setStatus(`${n} problem${n === 1 ? '' : 's'}. The preview keeps the last version without problems.`, 'error');
  }
}

function placeText(e) {
  if (Number.isInteger(e.line)) return `line ${e.line}, column ${e.column ?? 1}`;
  return 'whole document';
}

function renderProblems(errors, offsets) {
  problemsEl.replaceChildren(...errors.map((e, i) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'problem';
    const place = document.createElement('span');
    place.className = 'place';
    place.textContent = placeText(e);
    const path = document.createElement('code');
    path.className = 'path';
    path.textContent = e.path || '';
    const message = document.createElement('span');
    message.className = 'message';
    message.textContent = e.message;
    button.append(place, e.path ? ' · ' : '', e.path ? path : '', ' ', message);
    button.addEventListener('click', () => editor.jumpTo(offsets[i]));
    const li = document.createElement('li');
    li.append(button);
    return li;
  }));
  $('problems-count').textContent = errors.length ? `(${errors.length})` : '(none)';
}

// ---- preview controls ---------------------------------------------------------------------------
const depthSelect = $('preview-depth');
function syncDepths() {
  const nb = preview.notebook;
  if (!nb) return;
  const have = [...depthSelect.options].map((o) => o.value).join();
  if (have !== nb.depths.join()) {
    depthSelect.replaceChildren(...nb.depths.map((d) => new Option(d[0].toUpperCase() + d.slice(1), d)));
  }
  depthSelect.value = preview.depth;
}
depthSelect.addEventListener('change', () => { preview.depth = depthSelect.value; });
preview.addEventListener('depthchange', (e) => { depthSelect.value = e.detail.depth; });
$('preview-theme').addEventListener('change', (e) => {
  preview.theme = e.target.value;
  $('preview-frame').dataset.theme = e.target.value;
});
$('preview-narrow').addEventListener('change', (e) => {
  $('preview-frame').classList.toggle('narrow', e.target.checked);
});

// ---- the author's files -------------------------------------------------------------------------
function notebookId(text) {
  try {
    const id = JSON.parse(text).id;
    return typeof id === 'string' && ID_PATTERN.test(id) ? id : null;
  } catch {
    return null;
  }
}

function download() {
  const text = editor.getText();
  const name = `${notebookId(text) || 'notebook'}.json`;
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  setStatus(`Saved as ${name} in your downloads.`, statusEl.dataset.kind);
}

async function openFile(file) {
  const limit = notebookTextLimit();
  if (file.size > limit.bytes) {
    setStatus(`${file.name} is larger than the engine's limit of ${limit.text}; it was not opened.`, 'error');
    return;
  }
  fileName = file.name;
  editor.setText(await file.text());
}

async function startFrom(choice) {
  let text;
  if (choice === 'template') {
    text = await templateText();
    fileName = 'my-notebook.json';
  } else {
    const response = await fetch(`notebooks/${encodeURIComponent(choice)}.json`);
    if (!response.ok) {
      setStatus(`Could not load ${choice}: HTTP ${response.status}`, 'error');
      return;
    }
    text = await response.text();
    fileName = `${choice}.json`;
  }
  editor.setText(text);
}

function saveSoon() {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(STORAGE_KEY, editor.getText());
    savedEl.textContent = 'Your work is kept in this browser (nothing is sent anywhere).';
  } catch {
    savedEl.textContent = 'This browser would not keep the text (storage full or switched off): download it.';
  }
}

async function discard() {
  ++checkToken; // a check of the discarded text still running draws nothing
  storage()?.removeItem(STORAGE_KEY);
  editor.setText(await templateText());
  fileName = 'my-notebook.json';
  storage()?.removeItem(STORAGE_KEY);
  savedEl.textContent = 'Saved work discarded; the editor shows the template again (Ctrl+Z brings your text back).';
}

async function fillSnippets() {
  const select = $('snippet-type');
  const types = await cellTypesAnswer();
  select.replaceChildren(...types.cell_types.filter((t) => t.example).map((t) => new Option(t.type, t.type)));
  $('insert-cell').addEventListener('click', () => {
    const type = types.cell_types.find((t) => t.type === select.value);
    if (type) editor.insertCell(type.example, type.fields);
  });
}

// ---- preview mode: the file of `scripts/attnbook preview` ---------------------------------------
async function loadPreviewFile() {
  const response = await fetch('preview/notebook.json', { cache: 'no-store' });
  const text = await response.text();
  fileName = decodeURIComponent(response.headers.get('X-Attnbook-File') || 'notebook.json');
  $('preview-file').textContent = fileName;
  $('page-title').textContent = `Preview of ${fileName}`;
  document.title = `${fileName} — attnbook preview`;
  editor.setText(text);
}

// ---- start --------------------------------------------------------------------------------------
async function start() {
  setStatus('Starting the engine…');
  let text;
  let restored = false;
  const saved = previewMode ? null : storage()?.getItem(STORAGE_KEY);
  if (saved) {
    text = saved;
    restored = true;
  } else if (!previewMode) {
    text = await templateText();
    fileName = 'my-notebook.json';
  } else {
    text = '';
  }
  editor = createEditor($('editor'), {
    text,
    label: previewMode ? 'Notebook JSON (read only: edit the file in your own editor)' : 'Notebook JSON',
    readOnly: previewMode,
    docs: fieldDocs,
    // The engine's schema is dist/notebook.schema.json (scripts/build-site.mjs stops on a difference).
    schema: previewMode ? null : call('schema'),
    onChange: () => {
      scheduleCheck();
      if (!previewMode) saveSoon();
    },
  });
  // For tests and tools driving the page: the editor's API (getText, setText, insertCell, ...).
  $('editor').attnbookEditor = editor;
  if (previewMode) {
    document.body.classList.add('preview-mode');
    await loadPreviewFile();
    const events = new EventSource('preview/events');
    events.addEventListener('change', () => loadPreviewFile());
    return;
  }
  savedEl.textContent = restored
    ? 'Your work from last time, kept in this browser. “Discard saved work” starts again from the template.'
    : 'Your work is kept in this browser as you type (nothing is sent anywhere).';
  $('start').addEventListener('click', () => startFrom($('start-from').value));
  $('open').addEventListener('click', () => $('open-file').click());
  $('open-file').addEventListener('change', (e) => {
    const file = e.target.files[0];
    if (file) openFile(file);
    e.target.value = '';
  });
  $('download').addEventListener('click', download);
  $('discard').addEventListener('click', discard);
  if (restored) {
    // The page first: its controls work, then the saved text is checked and drawn (in slices).
    setStatus('Your saved work is in the editor; it is checked and drawn in a moment.');
    const token = checkToken;
    await whenIdle();
    if (token === checkToken) check(text); // unless the author already changed or discarded it
    await fillSnippets();
    return;
  }
  await fillSnippets();
  check(text);
}

// Resolves once the page has drawn itself and is idle (at most a second later).
function whenIdle() {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
      else setTimeout(resolve, 50);
    });
  });
}

start().catch((err) => setStatus(`The author page could not start: ${err.message}`, 'error'));
