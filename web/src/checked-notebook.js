// The checked form of a notebook: one the engine's validator accepted when the site (or a
// single-file page) was built, written with the engine's verdict, so that a lesson page draws it
// without the validator, which is not in the learner's engine module (it is in the author module,
// attnbook-author.mjs: engine/include/attnbook/notebook/authoring.hpp). Its text is exactly
//   {"format":"attnbook-checked/1","source":"<the file it was made from>",
//    "verdict":<the engine's `validate` answer: {"ok":true,"errors":[],"notebook":<normalised>}>,
//    "prerendered":<optional: the notebook's Markdown and formulas read and typeset by the build>}
// scripts/build-site.mjs writes one for each shipped notebook (dist/notebooks/<id>.checked.json,
// which the lesson pages and embed.html open), with `prerendered` (scripts/prerender.mjs;
// render/prerendered.js: the page then loads neither markdown-it nor KaTeX for them);
// scripts/standalone.mjs puts one without it inline in each single-file page and SCORM package
// (their one script holds both anyway). No DOM here (tests/unit).
//
// Trust: the element draws a checked form without validating it only when it comes from the
// element's own site: fetched (src) from the origin that served the element's code, or inline in a
// page of that origin (the single-file page, whose code and notebook are one file). Only that
// site's build writes such files, and whoever can change them there can change the element's code
// as well, so the claim is worth what the code is. A checked form from anywhere else (a src on
// another origin, inline in another site's page) is not trusted: its notebook goes to the validator
// like every plain notebook, inline or fetched, and every text given to loadText().
//
// A checked file edited by hand is not detected: the page draws what it says, unchecked. The
// page's own guards still hold (Markdown drawn without raw HTML and links by web/src/link-rule.js,
// formulas within the typesetter's limits, the build's typeset formulas only as KaTeX's kinds of
// elements (render/tex-tree.js); every number comes from an engine command, which checks
// its own arguments and refuses bad ones with a message; a cell that cannot be drawn says so in its
// place), but what the validator would have refused may show wrongly. Edit the notebook
// (web/notebooks/<id>.json) and build again instead; the source copy dist/notebooks/<id>.json is
// not what the lesson page reads.

export const CHECKED_FORMAT = 'attnbook-checked/1';
// The build writes the format first, with no spaces: a text that does not start so is not read
// here (the main thread never parses a large plain notebook; the engine worker does).
const PREFIX = `{"format":"${CHECKED_FORMAT}",`;

/**
 * The checked form's text for `verdict` (the engine's `validate` answer) made from `source`, with
 * the build's `prerendered` Markdown and formulas when given.
 */
export function checkedText(verdict, source, prerendered = undefined) {
  if (verdict?.ok !== true || !verdict.notebook) throw new Error(`${source}: only a notebook the engine accepted has a checked form`);
  return JSON.stringify({ format: CHECKED_FORMAT, source, verdict, prerendered });
}

/** True when a notebook at `url` (or inline in the page at `url`) is from the site of the code at `codeUrl`. */
export function sameSite(url, codeUrl) {
  try {
    return new URL(url).origin === new URL(codeUrl).origin;
  } catch {
    return false;
  }
}

/**
 * What to do with a notebook's text: {verdict, prerendered?} to draw verdict.notebook as it is (a
 * checked form from the element's own site: `trusted`; with the build's Markdown and formulas when
 * it has them), or {text} to validate (a plain notebook as it came; a
 * checked form from elsewhere: its notebook, re-written with two-space indents, so the validator's
 * lines and columns refer to that).
 */
export function readChecked(text, trusted) {
  if (!text.startsWith(PREFIX)) return { text };
  let form;
  try {
    form = JSON.parse(text);
  } catch {
    return { text }; // not JSON after all: the validator says where
  }
  const verdict = form?.verdict;
  if (verdict?.ok !== true || typeof verdict.notebook !== 'object' || verdict.notebook === null) return { text };
  if (!trusted) return { text: JSON.stringify(verdict.notebook, null, 2) };
  return typeof form.prerendered === 'object' && form.prerendered !== null ? { verdict, prerendered: form.prerendered } : { verdict };
}
