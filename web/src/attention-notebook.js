// <attention-notebook>: opens a notebook JSON document, has the engine validate it, and draws
// its cells for the reader's depth. Every number on screen comes from the engine (in a worker).
// A shipped notebook's checked form (dist/notebooks/<id>.checked.json, written by the site's build
// with the engine's verdict) is drawn without validating it again, so a lesson page never loads the
// validator; checked-notebook.js says when a checked form is trusted.
//
//   <attention-notebook src="notebooks/attention-explorable.json" depth="beginner"></attention-notebook>
//   <attention-notebook><script type="application/json">{ ...notebook... }</script></attention-notebook>
//
// Attributes: src, depth (beginner|developer|researcher), theme (light|dark|auto), permalink
//   (boolean: keep the reader's state in the URL hash; the hash is read when a notebook is drawn,
//   and adding the attribute later writes the current state), heading-level (1..4, default 1: the
//   title's heading level; cells and prose headings go one and two below it; changing it redraws
//   the notebook with the reader's depth, queries, masks and divisors kept).
// Properties: src, depth, theme, permalink (reflect their attributes), notebook (the engine's
//   normalised document or null), ready (Promise of {ok, notebook?, errors?} for the latest
//   load), drawn (Promise, resolves once the cells of the depth asked for are on the page: a
//   depth shown for the first time waits for its cells' code and their drawing), loadText(text,
//   name) (open a notebook from a string).
// Events (bubbling, composed CustomEvents): notebookopen {id, title}, notebookerror {errors},
//   depthchange {depth, previous} (once the new depth's cells are on the page), practice
//   {cellId, correct}, practicecomplete {id}.
// Styling: CSS custom properties listed in styles.js (--attnbook-bg, --attnbook-fg, ...).
// Lifecycle: a removed element stops its cells' engine work (a scaling study's run is cancelled);
//   put back, it starts them again. Drawing never holds the page: cells are made in slices of a few
//   tens of milliseconds, in document order, with the page's turn between them (`ready` resolves
//   after the last), and formulas are typeset only as they come near the viewport
//   (render/typesetter.js). A text larger than the engine's notebook limit is refused here,
//   before it reaches the engine worker (notebook-text.js).

import { styles } from './styles.js';
import { adoptStyles } from './stylesheet.js';
import { call, prepare, warm } from './engine-client.js';
import { h } from './dom.js';
import { adoptKatexStyles } from './render/maths.js';
import { renderCell, boxed, asksEngine, restoresState, loadRenderers, rendererReady } from './render/index.js';
import { renderErrors } from './render/errors.js';
import { createDepthControl } from './depth-control.js';
import { createSharedInputs } from './shared-inputs.js';
import { createProgress } from './progress.js';
import { readState, writeState } from './permalink.js';
import { cellIdOf } from './cell-id.js';
import { engineLimits, notebookTextLimit } from './engine-limits.js';
import { readTextWithin, overLimit, tooLarge } from './notebook-text.js';
import { readChecked, sameSite } from './checked-notebook.js';
import { createHelpHistory } from './help-history.js';
import { createTypesetter } from './render/typesetter.js';
import { usePrerendered } from './render/prerendered.js';
import { loadMarkdownParser, markdownParserLoaded } from './markdown/load.js';
import { afterFrame, SLICE_MS } from './next-task.js';

export { setWorkerFactory } from './engine-client.js';

/** A cell can be drawn: its renderer is loaded and its saved state is back from the engine. */
const drawable = (c) => rendererReady(c.cell.type) && !c.restoring;

/**
 * The permalink's state of cell `c` goes through the engine before the cell's first draw: each key
 * the engine refuses (out of the cell's ranges, against a rule between fields) is left out, so the
 * cell keeps its own value there and its renderer re-checks nothing. The reader is told, above the
 * cell, which of the link's settings were not used and why (the engine's message names the field),
 * so a link that shows other numbers than its sender saw does not pass unnoticed. Only a cell with
 * saved state asks (one call; a cell without waits for nothing). The pending check, or null.
 */
function restoreSaved(c, owner) {
  const { cell, ctx } = c;
  if (ctx.initial === undefined || !restoresState(cell.type)) return null;
  return call('restore', { type: cell.type, cell, state: ctx.initial }, { owner })
    .then((r) => {
      ctx.initial = r.state;
      if (r.refused.length) c.section.append(refusedNote(r.refused));
    }, () => { ctx.initial = undefined; })
    .finally(() => { c.restoring = null; });
}

function refusedNote(refused) {
  const lead = refused.length === 1
    ? 'One setting of this link was not used, so the cell shows its own value there:'
    : `${refused.length} settings of this link were not used, so the cell shows its own values there:`;
  return h('div', { class: 'note link-refused', role: 'status' },
    h('p', {}, lead),
    h('ul', {}, ...refused.map((r) => h('li', {}, r.message))));
}

export class AttentionNotebook extends HTMLElement {
  static observedAttributes = ['src', 'depth', 'heading-level', 'permalink'];

  /** Register the element under `tag` (default attention-notebook) in `registry`. */
  static define(tag = 'attention-notebook', registry = customElements) {
    if (registry.get(tag)) return registry.get(tag);
    try {
      registry.define(tag, this);
      return this;
    } catch (err) {
      // The class is already registered under another name: register a subclass.
      const Sub = class extends this {};
      registry.define(tag, Sub);
      return Sub;
    }
  }

  #root;
  #frame;
  #head;
  #bar; // the depth switch: its own strip, sticky, so it stays reachable anywhere in the notebook
  #body;
  #progress;
  #notebook = null;
  #cells = []; // { cell, cellId, ctx, section, view (null until drawn), active, started, restoring (the engine's check of the saved state, null once back) }
  #depth = null; // the depth asked for
  #shown = null; // the depth whose cells are all on the page: #depth's once they are drawn
  #showToken = 0; // a depth switch waiting for its cells stops when a newer one replaces it
  #drawn = Promise.resolve();
  #resolveDrawn = null; // set while the cells of #depth are not all on the page
  #depthControl = null;
  #loadToken = 0;
  #drawToken = 0; // a drawing in slices stops when a newer one (or an error) replaces it
  #typesetter = null;
  #needsParser = true; // false for a checked form with its texts read by the build (render/prerendered.js)
  #started = false;
  #permalinkTimer = null;
  #permalinkPending = false;
  #practiceCorrect = new Set();
  #practiceDone = false;
  #resolveReady = null;
  #ready;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    adoptStyles(this.#root, styles);
    adoptKatexStyles(this.#root);
    this.#head = h('header', { class: 'nb-head', hidden: true });
    this.#progress = createProgress('Opening the notebook…');
    this.#body = h('div', { class: 'cells' }, h('p', { class: 'loading' }, 'Opening the notebook…'));
    this.#bar = h('div', { class: 'toolbar depth-bar', hidden: true });
    this.#frame = h('div', { class: 'frame' }, this.#head, this.#bar, this.#progress.el, this.#body);
    this.#root.append(this.#frame);
    this.#root.addEventListener('click', this.#onLinkClick);
    // What is scrolled to (a contents link, a focus move) lands below the sticky depth switch,
    // which takes two lines on a phone: its height, for the stylesheet's scroll-margin.
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(() => this.#frame.style.setProperty('--_bar', `${this.#bar.offsetHeight}px`)).observe(this.#bar);
    }
    this.#ready = new Promise((resolve) => { this.#resolveReady = resolve; });
  }

  // ---- properties reflecting attributes
  get src() { return this.getAttribute('src') || ''; }
  set src(v) { this.setAttribute('src', v); }
  get depth() { return this.#depth || this.getAttribute('depth') || ''; }
  set depth(v) { this.setAttribute('depth', v); }
  get theme() { return this.getAttribute('theme') || 'auto'; }
  set theme(v) { this.setAttribute('theme', v); }
  get permalink() { return this.hasAttribute('permalink'); }
  set permalink(v) { this.toggleAttribute('permalink', Boolean(v)); }
  /** The normalised notebook the engine returned, or null before a successful load. */
  get notebook() { return this.#notebook; }
  /** Resolves when the latest load has finished: {ok: true, notebook} or {ok: false, errors}. */
  get ready() { return this.#ready; }
  /**
   * Resolves once the page shows all the cells of the depth asked for (at once when it does):
   * after a depth switch, when the new depth's cells have been drawn and the old depth's hidden;
   * while a notebook is drawn, after its last cell.
   */
  get drawn() { return this.#drawn; }

  connectedCallback() {
    window.addEventListener('hashchange', this.#onHashChange);
    if (this.#started) {
      // Moved in the document, or put back: a permalink write cut short by disconnectedCallback
      // happens now, and cells stopped by it start again.
      if (this.#permalinkPending) this.#schedulePermalink();
      this.#applyDepth(this.#depth);
      return;
    }
    this.#started = true;
    this.#loadFromMarkup();
  }

  /** A link inside the page to another depth (#id.depth=researcher) switches to it. */
  #onHashChange = () => {
    if (!this.permalink || !this.#notebook || !this.isConnected) return;
    const saved = readState(location.hash, this.#notebook.id);
    if (saved.depth && saved.depth !== this.#depth && this.#notebook.depths.includes(saved.depth)) {
      this.depth = saved.depth;
      this.#drawn.then(() => this.scrollIntoView({ block: 'start' })); // the new depth from its start, not from mid-page
    }
  };

  /**
   * A link in the notebook to one of its own depths (#<id>.depth=developer) switches to it and
   * shows it from its start, with or without the permalink: a standalone file, an embed or an LMS
   * frame has no permalink, and the host page's URL is not the notebook's to change.
   */
  #onLinkClick = (event) => {
    const link = event.target.closest?.('a[href^="#"]');
    const nb = this.#notebook;
    if (!link || !nb || event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const { depth } = readState(link.getAttribute('href'), nb.id);
    if (!depth || !nb.depths.includes(depth)) return;
    event.preventDefault();
    this.depth = depth;
    this.#drawn.then(() => this.scrollIntoView({ block: 'start' }));
  };

  disconnectedCallback() {
    window.removeEventListener('hashchange', this.#onHashChange);
    // Nothing of a removed element keeps running on a timer. A load in flight still finishes
    // (the element may be put back; connectedCallback does not load again).
    this.#permalinkPending = this.#permalinkTimer !== null;
    clearTimeout(this.#permalinkTimer);
    this.#permalinkTimer = null;
    this.#progress.end();
    // The cells stop their engine work (a scaling study's run would hold the shared worker). A
    // move in the document disconnects and connects in one go: wait a microtask so that a moved
    // element keeps its work.
    queueMicrotask(() => {
      if (!this.isConnected) this.#disposeCells();
    });
  }

  /** Tells every active cell that it left the page; resume() brings it back. */
  #disposeCells() {
    for (const c of this.#cells) {
      if (!c.active) continue;
      c.active = false;
      try {
        c.view.dispose?.();
      } catch {
        // A cell that fails to stop must not keep the others running.
      }
    }
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue) return;
    if (name === 'src' && this.#started) this.#loadFromMarkup();
    // (#applyDepth sets the attribute to the depth it switches to: that change needs nothing more.)
    if (name === 'depth' && this.#notebook && newValue && newValue !== this.#depth) this.#applyDepth(newValue);
    if (name === 'heading-level' && this.#notebook) this.#render(this.#notebook, this.#currentState(), { redraw: true });
    if (name === 'permalink') {
      if (newValue !== null) this.#schedulePermalink();
      else {
        clearTimeout(this.#permalinkTimer);
        this.#permalinkTimer = null;
      }
    }
  }

  /** Open a notebook from its JSON text; `name` is used in error locations. */
  loadText(text, name = 'notebook') {
    this.#started = true;
    return this.#open(async () => ({ text: String(text), name }));
  }

  #loadFromMarkup() {
    const src = this.getAttribute('src');
    if (src) {
      this.#open(async (limit) => {
        const url = new URL(src, document.baseURI);
        let response;
        try {
          response = await fetch(url);
        } catch (err) {
          throw Object.assign(new Error(`could not fetch the notebook (${err.message})`), { where: src });
        }
        if (!response.ok) throw Object.assign(new Error(`could not fetch the notebook: HTTP ${response.status}`), { where: src });
        return { text: await readTextWithin(response, limit, src), name: src, trusted: sameSite(response.url || url.href, import.meta.url) };
      });
      return;
    }
    const script = this.querySelector(':scope > script[type="application/json"]');
    if (script) {
      this.#open(async () => ({ text: script.textContent, name: script.id || 'inline notebook', trusted: sameSite(document.URL, import.meta.url) }));
      return;
    }
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', () => this.#loadFromMarkup(), { once: true });
      return;
    }
    // A fetch still in flight for an earlier src must not draw over this message.
    ++this.#loadToken;
    this.#progress.end();
    this.#showErrors([{ where: '<attention-notebook>', message: 'no notebook given: set the src attribute or put the JSON in a child <script type="application/json">' }]);
  }

  /**
   * getText(limit) -> {text, name, trusted?}; `limit` is the engine's text limit (notebookTextLimit()),
   * for a reader that stops early. Every text is checked against it here before it goes to the engine
   * worker (notebook-text.js says why). `trusted`: the text came from the element's own site, so a
   * checked form in it is drawn as the build's verdict (checked-notebook.js).
   */
  async #open(getText) {
    const token = ++this.#loadToken;
    if (this.#resolveReady === null) this.#ready = new Promise((resolve) => { this.#resolveReady = resolve; });
    this.#progress.begin();
    // The engine worker starts now, while the notebook downloads, without its engine: #prefetch
    // starts the engine's loading as soon as the notebook says a cell asks it when drawn, and a
    // later first call (a practice answer) finds the worker running.
    prepare();
    try {
      const limit = notebookTextLimit();
      const { text, name, trusted = false } = await getText(limit);
      if (overLimit(text, limit)) throw tooLarge(limit, name);
      const opened = readChecked(text, trusted);
      this.#prefetch(opened.verdict ? opened.verdict.notebook : opened.text);
      // The build's Markdown and formulas, or markdown-it, loaded while the engine checks the text.
      this.#needsParser = !opened.prerendered;
      if (opened.prerendered) usePrerendered(opened.prerendered);
      else loadMarkdownParser();
      const result = opened.verdict || await call('validate', { text: opened.text, name });
      if (token !== this.#loadToken) return;
      if (!result.ok) {
        this.#showErrors(result.errors || [], { source: name });
        return;
      }
      this.#render(result.notebook);
    } catch (err) {
      if (token !== this.#loadToken) return;
      this.#showErrors([{ where: err.where || 'engine', message: err.message }],
        { title: err.where ? 'This notebook could not be opened' : 'The attention engine could not start' });
    } finally {
      if (token === this.#loadToken) this.#progress.end();
    }
  }

  /**
   * Starts loading the renderers of the cells the notebook will show first, and the engine when one
   * of them asks it as soon as it is shown, so that both are here when the cells are drawn: while
   * the engine checks a plain notebook (a guess from the unchecked text: #render waits for what it
   * needs, whatever this finds), or at once for a checked form. A notebook whose first cells need
   * no engine (prose, practice, a training lab) starts none: its cells call it when they need it.
   */
  #prefetch(source) {
    let doc = source; // the checked form's notebook, or a text still to be checked
    if (typeof source === 'string') {
      try {
        doc = JSON.parse(source);
      } catch {
        return; // the engine will say what is wrong
      }
    }
    if (!Array.isArray(doc?.cells) || !Array.isArray(doc.depths)) return;
    const saved = this.permalink && typeof doc.id === 'string' ? readState(location.hash, doc.id).depth : null;
    const depth = [saved, this.getAttribute('depth')].find((d) => doc.depths.includes(d)) ?? doc.depths[0];
    const types = doc.cells.filter((c) => (Array.isArray(c?.depths) ? c.depths : doc.depths).includes(depth)).map((c) => c?.type);
    if (types.some(asksEngine)) warm();
    loadRenderers(types);
  }

  #settle(value) {
    const resolve = this.#resolveReady;
    this.#resolveReady = null;
    if (resolve) resolve(value);
    else this.#ready = Promise.resolve(value);
  }

  #showErrors(errors, options) {
    ++this.#drawToken;
    ++this.#showToken;
    this.#typesetter?.dispose();
    this.#typesetter = null;
    this.#disposeCells();
    this.#notebook = null;
    this.#cells = [];
    this.#settleDrawn(); // no cells to wait for
    this.#body.removeAttribute('aria-busy');
    this.#head.hidden = true;
    this.#bar.hidden = true;
    this.#body.replaceChildren(renderErrors(errors, { ...options, headingLevel: this.#headingLevel() }));
    this.#emit('notebookerror', { errors });
    this.#settle({ ok: false, errors });
  }

  #headingLevel() {
    const n = Number(this.getAttribute('heading-level'));
    return Number.isInteger(n) && n >= 1 && n <= 4 ? n : 1;
  }

  /** The reader's state as the permalink keeps it (depth and each cell's getState()). */
  #currentState() {
    const state = { depth: this.#depth, cells: {} };
    for (const c of this.#cells) {
      // A cell not drawn yet keeps what the permalink held for it.
      const fields = c.view ? c.view.getState?.() : c.ctx.initial;
      if (fields !== undefined) state.cells[c.cellId] = fields;
    }
    return state;
  }

  /**
   * Draws `notebook`; `saved` (the reader's state to restore) defaults to the permalink's. A
   * redraw of the open notebook (new heading level) fires no second notebookopen.
   */
  #render(notebook, saved = null, { redraw = false } = {}) {
    this.#disposeCells(); // the cells of the notebook drawn before (their runs stop)
    const token = ++this.#drawToken;
    this.#typesetter?.dispose();
    const typesetter = createTypesetter(engineLimits());
    this.#typesetter = typesetter;
    this.#notebook = notebook;
    this.#practiceCorrect = new Set();
    this.#practiceDone = false;
    const help = createHelpHistory(); // this visit's help history: a new one with every drawing
    const shared = createSharedInputs(); // the explorable's query and values, shared with the held sequence
    const level = this.#headingLevel();
    saved ||= this.permalink ? readState(location.hash, notebook.id, notebook.cells.map(cellIdOf)) : { cells: {} };

    // header: title, description, depth switch
    this.#head.replaceChildren(h(`h${level}`, { class: 'nb-title' }, notebook.title));
    if (notebook.description) this.#head.append(h('p', { class: 'nb-desc' }, notebook.description));
    this.#depthControl = null;
    this.#bar.replaceChildren();
    this.#bar.hidden = notebook.depths.length <= 1;
    if (notebook.depths.length > 1) {
      this.#depthControl = createDepthControl(notebook.depths, (depth) => { this.depth = depth; });
      this.#bar.append(this.#depthControl.el);
    }
    this.#head.hidden = false;

    // The depth first, so that each cell is shown or hidden as it is made.
    this.#cells = [];
    this.#body.replaceChildren();
    // The depth a notebook opens at is announced by notebookopen, not depthchange; a redraw keeps
    // the depth shown before it, to announce a switch it finishes.
    this.#depth = null;
    if (!redraw) this.#shown = null;
    const wanted = (saved.depth && notebook.depths.includes(saved.depth)) ? saved.depth : this.getAttribute('depth');
    this.#applyDepth(wanted, { initial: true });
    if (!redraw) this.#shown = this.#depth;

    // cells (each drawn once, when its depth is first shown; depth then only hides and shows them,
    // so state survives switching), in slices: a notebook of hundreds of long cells would
    // otherwise hold the page for seconds.
    const makeCell = (cell, index) => {
      const cellId = cellIdOf(cell, index);
      const ctx = {
        cellId,
        headingBase: level + 2,
        initial: Object.hasOwn(saved.cells, cellId) ? saved.cells[cellId] : undefined, // own keys only: "constructor" is a valid id
        limits: engineLimits(),
        call: (command, args, options) => call(command, args, { ...options, owner: this }), // lanes serve notebooks in turn
        onStateChange: () => this.#schedulePermalink(),
        onPractice: (correct) => this.#onPractice(cellId, correct),
        help,
        shared,
        typesetter,
      };
      // Hidden until #showCells shows it: it may belong to another depth, or wait for its renderer.
      const section = h('section', { class: `cell cell-${cell.type}${boxed(cell.type) ? ' boxed' : ''}`, 'data-cell-id': cellId, hidden: true },
        cell.title ? h(`h${level + 1}`, { class: 'cell-title' }, cell.title) : null);
      if (cell.title) section.setAttribute('aria-label', cell.title);
      const c = { cell, cellId, ctx, section, view: null, active: false, started: false, restoring: null };
      c.restoring = restoreSaved(c, this);
      // A cell of another depth is drawn when its depth is first shown (#showCells), whether or not
      // its renderer has been loaded (by another notebook): what a notebook draws does not depend on
      // what the page opened before it. (So is one of this depth whose renderer has not loaded: the
      // depth was switched while the notebook was being drawn.)
      if ((cell.depths || notebook.depths).includes(this.#depth) && drawable(c)) this.#drawView(c);
      return c;
    };
    let next = 0;
    const slice = () => {
      if (token !== this.#drawToken) return;
      const start = performance.now();
      const made = [];
      do {
        made.push(makeCell(notebook.cells[next], next));
        next += 1;
      } while (next < notebook.cells.length && performance.now() - start < SLICE_MS);
      this.#cells.push(...made);
      this.#body.append(...made.map((c) => c.section));
      this.#applyDepth(this.#depth, { initial: true });
      if (next < notebook.cells.length) {
        afterFrame(slice); // one slice of cells laid out per frame
        return;
      }
      if (redraw) return;
      this.#emit('notebookopen', { id: notebook.id, title: notebook.title });
      this.#settle({ ok: true, notebook });
    };
    // The renderers of the cells this depth shows, and markdown-it unless the build read the
    // notebook's texts, are loaded before the first slice (usually already, by #prefetch
    // and #open while the engine checked the notebook).
    const types = notebook.cells.filter((cell) => (cell.depths || notebook.depths).includes(this.#depth)).map((cell) => cell.type);
    const parser = this.#needsParser && !markdownParserLoaded();
    // The first slice gets a task of its own too when nothing is loaded first: this one has just
    // parsed the engine's answer (a notebook at the size limit is megabytes of JSON).
    if (types.every(rendererReady) && !parser) afterFrame(slice);
    else Promise.all([loadRenderers(types), parser && loadMarkdownParser()]).then(slice);
  }

  /** Makes the cell's view (its renderer must be loaded) and puts it in the cell's section. */
  #drawView(c) {
    try {
      c.view = renderCell(c.cell, c.ctx);
    } catch (err) {
      c.view = { el: h('p', { class: 'cell-error', role: 'alert' }, `This cell could not be drawn: ${err.message}`) };
    }
    c.section.append(c.view.el);
  }

  /**
   * Switches to the depth `requested` (the first one if the notebook has no such depth). The
   * depth control, the attribute and the permalink follow at once; the cells when #showCells has
   * drawn the depth's (`drawn` and depthchange say when).
   */
  #applyDepth(requested, { initial = false } = {}) {
    const nb = this.#notebook;
    if (!nb) return;
    const depth = nb.depths.includes(requested) ? requested : nb.depths[0];
    const previous = this.#depth;
    this.#depth = depth;
    this.#depthControl?.set(depth);
    if (this.getAttribute('depth') !== depth) this.setAttribute('depth', depth);
    if (previous !== depth && !initial) this.#schedulePermalink();
    if (!this.#showCells() && !this.#resolveDrawn) this.#drawn = new Promise((resolve) => { this.#resolveDrawn = resolve; });
  }

  /**
   * Shows the cells of the current depth and hides the others. Cells of a depth shown for the
   * first time may not be drawn yet, nor their renderers loaded: the page keeps showing what it
   * showed while they load and are drawn (in slices, like the first drawing), then switches at
   * once, so no cell appears empty or half drawn. A newer call (another switch, the first
   * drawing's next slice) stops an older one that is still waiting; a cell is drawn once whatever
   * the switches (it keeps its view). Returns whether the depth's cells are all on the page.
   */
  #showCells() {
    const nb = this.#notebook;
    const depth = this.#depth;
    const token = ++this.#showToken;
    const shown = (c) => (c.cell.depths || nb.depths).includes(depth);
    const undrawn = this.#cells.filter((c) => !c.view && shown(c));
    if (undrawn.length) {
      this.#body.setAttribute('aria-busy', 'true');
      const again = () => {
        if (token === this.#showToken) this.#showCells();
      };
      if (!undrawn.every(drawable)) {
        if (undrawn.some((c) => asksEngine(c.cell.type))) warm(); // the engine loads beside their code
        Promise.all([loadRenderers(undrawn.map((c) => c.cell.type)), ...undrawn.map((c) => c.restoring)]).then(again);
        return false;
      }
      const start = performance.now();
      do this.#drawView(undrawn.shift());
      while (undrawn.length && performance.now() - start < SLICE_MS);
      if (undrawn.length) {
        afterFrame(again);
        return false;
      }
    }
    this.#body.removeAttribute('aria-busy');
    for (const c of this.#cells) {
      const show = shown(c);
      c.section.hidden = !show;
      // Engine work starts only on the page: an element drawn while out of the document (a load
      // that finished after it was removed) starts its cells when it is connected.
      if (show && !c.active && this.isConnected) {
        c.active = true;
        if (c.started) c.view.resume?.();
        else {
          c.started = true; // a cell is activated once: renderers keep no guard of their own
          c.view.activate?.();
        }
      }
    }
    this.#updateContents();
    if (this.#cells.length < nb.cells.length) return false; // the first drawing's next slice calls again
    const previous = this.#shown;
    this.#shown = depth;
    if (previous !== null && previous !== depth) this.#emit('depthchange', { depth, previous });
    this.#settleDrawn();
    return true;
  }

  #settleDrawn() {
    const resolve = this.#resolveDrawn;
    this.#resolveDrawn = null;
    resolve?.();
  }

  /**
   * Gives each contents cell shown the headings shown after it: cell titles, and the top headings
   * of prose cells (one level below the titles). A heading gets an id the first time it is listed
   * ("_" never occurs in a cell id, so these cannot collide with each other).
   */
  #updateContents() {
    const level = this.#headingLevel();
    for (const [at, c] of this.#cells.entries()) {
      if (c.cell.type !== 'contents' || c.section.hidden) continue;
      const headings = [];
      for (const other of this.#cells.slice(at + 1)) {
        if (other.section.hidden) continue;
        const found = other.section.querySelectorAll(`:scope > h${level + 1}.cell-title, :scope > .prose > h${level + 2}`);
        found.forEach((el, k) => {
          el.id ||= `h_${other.cellId}_${k}`;
          headings.push({ el, sub: el.localName !== `h${level + 1}` });
        });
      }
      c.view?.setHeadings?.(headings);
    }
  }

  #onPractice(cellId, correct) {
    this.#emit('practice', { cellId, correct });
    if (!correct) return;
    this.#practiceCorrect.add(cellId);
    // From the notebook, not the cells made so far: an answer may come before the last slice.
    const all = this.#notebook.cells.map((c, i) => (c.type === 'practice' ? cellIdOf(c, i) : null)).filter(Boolean);
    if (!this.#practiceDone && all.every((id) => this.#practiceCorrect.has(id))) {
      this.#practiceDone = true;
      this.#emit('practicecomplete', { id: this.#notebook.id });
    }
  }

  #schedulePermalink() {
    if (!this.permalink || !this.#notebook) return;
    clearTimeout(this.#permalinkTimer);
    this.#permalinkPending = false;
    this.#permalinkTimer = setTimeout(() => {
      this.#permalinkTimer = null;
      this.#writePermalink();
    }, 150);
  }

  #writePermalink() {
    const nb = this.#notebook;
    if (!nb) return;
    const state = { depth: this.#depth, cells: {} };
    for (const c of this.#cells) {
      // Only what differs from the cell's defaults; a cell not drawn yet keeps what the link held.
      const fields = c.view ? (c.view.isDefault?.() ? null : c.view.getState?.()) : c.ctx.initial;
      if (fields && Object.keys(fields).length) state.cells[c.cellId] = fields;
    }
    const hash = writeState(location.hash, nb.id, state);
    if (hash === location.hash || (hash === '' && location.hash === '')) return;
    try {
      history.replaceState(history.state, '', hash || `${location.pathname}${location.search}`);
    } catch {
      // Sandboxed frames may refuse; the notebook works the same without a permalink.
    }
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}
