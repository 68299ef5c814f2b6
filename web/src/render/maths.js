// TeX to DOM with KaTeX. katex.render builds the DOM itself (no innerHTML, styles set through
// the CSSOM), so it works under a strict CSP. A formula KaTeX cannot read is shown as its TeX in
// the error colour with KaTeX's message as tooltip (class maths-error). KaTeX's own error output
// (throwOnError: false) would set a style attribute, which the strict CSP blocks and reports.
//
// The KaTeX stylesheet must live inside each shadow root, but browsers ignore @font-face rules
// there, so setKatexCss() splits the text: @font-face rules go to the document once (with their
// font URLs resolved against fontBase), the rest is adopted by every element's shadow root.
// attention-notebook.js passes the CSS text it imports from 'katex/dist/katex.min.css'
// (esbuild's text loader) and fontBase = ./fonts/ next to the bundle.

import katex from 'katex';
import { h, keyboardScrollable } from '../dom.js';
import { adoptStyles } from '../stylesheet.js';

// KaTeX's limits for author TeX. Sizes the author writes (\rule{300em}{300em}, \hspace{500em})
// are capped at MAX_SIZE_EM ems; macro expansion stops after MAX_EXPAND steps (a \def that calls
// itself), which KaTeX shows as an error in place of the formula. Negative kerns are not capped
// by KaTeX (\rlap{\kern{-15em}x} draws left of the formula): the element's stylesheet clips its
// painting to its own box (styles.js, :host).
const MAX_SIZE_EM = 10;
const MAX_EXPAND = 1000;

let shadowCss = '';
let fontCss = '';
let fontsInstalled = false;

/**
 * Hand the KaTeX CSS text to the maths renderer.
 * @param {string} cssText  contents of katex/dist/katex.min.css
 * @param {{fontBase?: string|URL}} [options]  where the KaTeX fonts/ folder's files are
 *        (default: a fonts/ folder next to this module / the bundle)
 */
export function setKatexCss(cssText, options = {}) {
  if (typeof cssText !== 'string') return;
  const base = String(options.fontBase || new URL('./fonts/', import.meta.url));
  const faces = cssText.match(/@font-face\s*\{[^}]*\}/g) || [];
  fontCss = faces
    .map((face) => face.replace(/url\((['"]?)(?:\.\/)?fonts\/([^'")]+)\1\)/g, (_, q, file) => `url(${JSON.stringify(new URL(file, base).href)})`))
    .join('\n');
  shadowCss = cssText.replace(/@font-face\s*\{[^}]*\}/g, '');
  fontsInstalled = false;
}

/** The KaTeX CSS that belongs in a shadow root ('' until setKatexCss is called). */
export function katexShadowCss() {
  if (fontCss && !fontsInstalled && typeof document !== 'undefined') {
    adoptStyles(document, fontCss);
    fontsInstalled = true;
  }
  return shadowCss;
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
  if (!el) {
    el = typesetTex(source, display);
    if (source.length <= CACHE_MAX_TEX) {
      if (typeset.size >= CACHE_ENTRIES) typeset.delete(typeset.keys().next().value);
      typeset.set(key, el.cloneNode(true));
    }
  }
  // A long display formula scrolls sideways in a narrow column.
  if (display) keyboardScrollable(el);
  return el;
}

function typesetTex(tex, display) {
  const el = h(display ? 'div' : 'span', { class: display ? 'maths maths-block' : 'maths' });
  try {
    katex.render(tex, el, {
      displayMode: display,
      throwOnError: true,
      trust: false, // no \href, \url, \includegraphics, \htmlClass...
      maxSize: MAX_SIZE_EM,
      maxExpand: MAX_EXPAND,
      strict: 'ignore',
      output: 'htmlAndMathml',
    });
  } catch (err) {
    el.classList.add('maths-error');
    el.textContent = tex;
    el.title = err && err.message ? err.message : 'could not typeset';
  }
  return el;
}
