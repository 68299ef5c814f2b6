// TeX to DOM with KaTeX. katex.render builds the DOM itself (no innerHTML, styles set through
// the CSSOM), so it works under a strict CSP. KaTeX is half the element's code and many cells show
// no formula, so it is its own file on the site, imported the first time a formula is typeset
// (loadKatex: the typesetter waits for it before a slice; a formula asked for before it has
// loaded is shown as its TeX and typeset in place when it has). A shipped notebook's formulas were
// typeset by the site's build with the same options (./prerendered.js, ./tex-tree.js): those are
// built from the build's output, and KaTeX is loaded only for a formula that is not among them
// (one made from engine numbers at run time). A formula KaTeX cannot read is shown as its TeX in
// the error colour with KaTeX's message as tooltip (class maths-error). KaTeX's own error output
// (throwOnError: false) would set a style attribute, which the strict CSP blocks and reports.
//
// The KaTeX stylesheet (../katex-css.js, a small file of its own, loaded with the first formula
// either way: loadKatexCss) must live inside each shadow root, but browsers ignore @font-face rules
// there, so installKatexCss() splits the text: @font-face rules go to the document (with their font
// URLs resolved against ./fonts/ beside this code; a browser downloads a font only when a glyph on
// the page needs it), the rest is adopted by every shadow root that shows formulas
// (adoptKatexStyles).

import { h, keyboardScrollable } from '../dom.js';
import { adoptStyles, adoptStylesFirst } from '../stylesheet.js';
import { katexOptions, macroIn } from './katex-options.js';
import { prerenderedTex } from './prerendered.js';
import { treeToNode } from './tex-tree.js';

// KaTeX's limits for author TeX are in ./katex-options.js. Negative kerns are not capped
// by KaTeX (\rlap{\kern{-15em}x} draws left of the formula): the element's stylesheet clips its
// painting to its own box (styles.js, :host). A formula taller than MAX_HEIGHT_EM ems (KaTeX's
// struts say how tall, without a layout) is shown as its TeX instead: negative sizes are not capped
// by KaTeX either (\raisebox{-100em}{Y} is 100em deep, and 1,000 of them made the host page
// 1.9 M px tall), nor are sizes that add up (nested raiseboxes, an array of 300 rows).
export const MAX_HEIGHT_EM = 20;

let katex = null;
let katexLoading = null;
let katexError = null;
let cssLoading = null;
let cssLoaded = false;
let shadowCss = ''; // KaTeX's stylesheet less its @font-face rules, once loaded
const waiting = []; // formulas asked for before KaTeX loaded: [element, tex, display]
const rootsWaiting = new Set(); // WeakRefs to shadow roots to style when the stylesheet has loaded

/** Loads KaTeX's stylesheet once (formulas typeset by the build need it too); never rejects. */
export function loadKatexCss() {
  cssLoading ||= import('../katex-css.js').then(
    (css) => installKatexCss(css.default),
    () => {}, // formulas then show with the browser's fonts and without KaTeX's layout
  ).then(() => {
    cssLoaded = true;
    for (const ref of rootsWaiting) {
      const root = ref.deref();
      if (root) adoptStylesFirst(root, shadowCss);
    }
    rootsWaiting.clear();
  });
  return cssLoading;
}

/** Loads KaTeX and its stylesheet once; resolves when formulas can be typeset (or when that failed: they then say so). */
export function loadKatex() {
  katexLoading ||= Promise.all([
    import('katex').then((m) => { katex = m.default; }, (err) => { katexError = err; }),
    loadKatexCss(),
  ]).then(() => {
    for (const [el, tex, display] of waiting.splice(0)) typesetTex(tex, display, el);
  });
  return katexLoading;
}

/** True once loadKatex has settled: renderTex then typesets at once. */
export const katexLoaded = () => katex !== null || katexError !== null;

/**
 * Loads what renderTex needs to make these formulas ([{tex, display}]) at once: the stylesheet,
 * and KaTeX unless the build typeset them all. Resolves at once (true) when nothing is missing.
 */
export function prepareTex(formulas) {
  const needKatex = !katexLoaded() && formulas.some((f) => prerenderedTex(String(f.tex), f.display) === undefined);
  if (!needKatex && cssLoaded) return true;
  return needKatex ? loadKatex() : loadKatexCss();
}

function installKatexCss(cssText) {
  const fonts = new URL('./fonts/', import.meta.url);
  const faces = cssText.match(/@font-face\s*\{[^}]*\}/g) || [];
  adoptStyles(document, faces
    .map((face) => face.replace(/url\((['"]?)(?:\.\/)?fonts\/([^'")]+)\1\)/g, (_, q, file) => `url(${JSON.stringify(new URL(file, fonts).href)})`))
    .join('\n'));
  shadowCss = cssText.replace(/@font-face\s*\{[^}]*\}/g, '');
}

/**
 * Gives a shadow root that shows formulas KaTeX's stylesheet, now or as soon as KaTeX has loaded
 * (always before a formula is typeset), ahead of the root's own sheets, which may refine it.
 */
export function adoptKatexStyles(root) {
  if (cssLoaded) adoptStylesFirst(root, shadowCss);
  else rootsWaiting.add(new WeakRef(root));
}

// Typeset formulas by display mode and TeX, as pristine elements to clone: a lesson repeats its
// symbols ($q$, $K$) and a hostile text repeats one formula thousands of times; cloning costs a
// small part of typesetting. Short formulas only, and the oldest go first past the limit.
const CACHE_ENTRIES = 500;
const CACHE_MAX_TEX = 256;
const typeset = new Map();

/** Render TeX into a new element: a <div> for display maths, a <span> inline. */
export function renderTex(tex, { display = false } = {}) {
  const source = String(tex);
  const key = (display ? 'D' : 'I') + source;
  let el = typeset.get(key)?.cloneNode(true);
  const built = el ? undefined : prerenderedTex(source, display);
  if (built !== undefined) loadKatexCss();
  if (!el && built === undefined && !katexLoaded()) {
    el = h(display ? 'div' : 'span', { class: display ? 'maths maths-block maths-pending' : 'maths maths-pending' }, source);
    waiting.push([el, source, display]);
    loadKatex();
  } else if (!el) {
    el = typesetTex(source, display, undefined, built);
    if (source.length <= CACHE_MAX_TEX) {
      if (typeset.size >= CACHE_ENTRIES) typeset.delete(typeset.keys().next().value);
      typeset.set(key, el.cloneNode(true));
    }
  }
  // A long display formula scrolls sideways in a narrow column.
  if (display) keyboardScrollable(el);
  return el;
}

/**
 * The formula as the text it is written as, in the error colour, with `reason` as tooltip: what
 * the page shows for a formula it does not typeset.
 */
export function texAsText(tex, { display = false, reason = 'could not typeset' } = {}) {
  const el = h(display ? 'div' : 'span', { class: display ? 'maths maths-block maths-error' : 'maths maths-error', title: reason }, String(tex));
  if (display) keyboardScrollable(el);
  return el;
}

// The height of the typeset formula in ems (height + depth of its tallest part), from KaTeX's struts.
function heightEm(el) {
  let most = 0;
  for (const strut of el.querySelectorAll('.katex-strut')) most = Math.max(most, parseFloat(strut.style.height) || 0);
  return most;
}

/**
 * Typesets `tex` into `el` (by default a new element), replacing what it held: from `built`, the
 * build's output for it (./prerendered.js), when there is one, else with KaTeX.
 */
function typesetTex(tex, display, el = h(display ? 'div' : 'span'), built = undefined) {
  el.className = display ? 'maths maths-block' : 'maths';
  el.removeAttribute('title');
  el.replaceChildren();
  if (!katex && built === undefined) return refuse(el, tex, `the maths typesetter could not be loaded (${katexError?.message})`);
  const macro = macroIn(tex);
  if (macro) {
    return refuse(el, tex, `a formula may not define macros (${macro[0]}): write the TeX out`);
  }
  if (built?.error !== undefined) return refuse(el, tex, built.error || 'could not typeset');
  try {
    if (built) el.appendChild(treeToNode(built));
    else katex.render(tex, el, katexOptions(display));
  } catch (err) {
    return refuse(el, tex, err && err.message ? err.message : 'could not typeset');
  }
  const tall = heightEm(el);
  if (tall > MAX_HEIGHT_EM) {
    return refuse(el, tex, `the formula is ${Math.round(tall)}em tall; formulas may be at most ${MAX_HEIGHT_EM}em tall`);
  }
  return el;
}

function refuse(el, tex, reason) {
  el.classList.add('maths-error');
  el.textContent = tex;
  el.title = reason;
  return el;
}
