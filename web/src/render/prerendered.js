// A shipped notebook's Markdown and formulas as the site's build read and typeset them
// (scripts/prerender.mjs), carried in its checked form (../checked-notebook.js): the page draws
// them without markdown-it and without KaTeX, the two largest parts of its code. Only a checked
// form from the element's own site brings them (usePrerendered is called for no other); every
// other notebook, and a text made at run time (the engine's practice feedback, a formula made
// from engine numbers), is read and typeset on the page as before.
//
// Kept by text, for every notebook the page opens: a text means the same tokens wherever it
// appears (the build used the page's parser), and a formula the same output.

const markdown = new Map(); // Markdown text -> {formulas, tokens}
const formulas = new Map(); // "D" (display) or "I" (inline) + TeX -> tree (./tex-tree.js) or {error}

const texKey = (tex, display) => (display ? 'D' : 'I') + tex;

/** Keeps a checked form's `prerendered` part: {markdown: [[text, formulas, tokens]...], tex: [[display, tex, tree | {error}]...]}. */
export function usePrerendered(prerendered) {
  for (const [text, count, tokens] of prerendered?.markdown || []) markdown.set(text, { formulas: count, tokens });
  for (const [display, tex, typeset] of prerendered?.tex || []) formulas.set(texKey(tex, display), typeset);
}

/**
 * The build's tokens (../markdown/tokens.js) for `text`, or null. They are what the page's parser
 * makes when its cap on formulas per text (../markdown/maths-rules.js) leaves every formula in.
 */
export function prerenderedTokens(text, formulasPerText) {
  const entry = markdown.get(text);
  return entry && entry.formulas <= formulasPerText ? entry.tokens : null;
}

/** What the build's KaTeX made of this formula: a tree (./tex-tree.js), {error: KaTeX's message}, or undefined. */
export const prerenderedTex = (tex, display) => formulas.get(texKey(tex, display));
