// How the page asks KaTeX to typeset author TeX, in one place: the page's typesetter (./maths.js)
// and the site's build, which typesets the shipped notebooks' formulas ahead of time
// (scripts/prerender.mjs), use the same options, so a formula looks the same either way.
// No DOM and no KaTeX here.
//
// Sizes the author writes (\rule{300em}{300em}, \hspace{500em}) are capped at MAX_SIZE_EM ems;
// macro expansion stops after MAX_EXPAND steps (a \def that calls itself), which KaTeX reports as
// an error. Macro definitions are refused before KaTeX sees them ("\def\a{...}\a\a\a" multiplies a
// 1,000-character formula into minutes of work); the validator refuses them too.
const MAX_SIZE_EM = 10;
const MAX_EXPAND = 1000;
const MACRO_DEFINITION = /\\(?:def|edef|futurelet|gdef|global|let|long|newcommand|providecommand|renewcommand|xdef)(?![A-Za-z])/;

/** KaTeX's options for one formula. */
export function katexOptions(display) {
  return {
    displayMode: display,
    throwOnError: true,
    trust: false, // no \href, \url, \includegraphics, \htmlClass...
    maxSize: MAX_SIZE_EM,
    maxExpand: MAX_EXPAND,
    strict: 'ignore',
    output: 'htmlAndMathml',
  };
}

/** The first macro definition in `tex` (a RegExp match), or null. "\\" (a line break) is not one. */
export const macroIn = (tex) => MACRO_DEFINITION.exec(tex.replace(/\\\\/g, ''));
