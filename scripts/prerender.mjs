// The site's build reads each shipped notebook's Markdown and typesets its formulas here, so that
// the lesson page draws them without markdown-it and KaTeX (web/src/render/prerendered.js): the
// result goes into the notebook's checked form (web/src/checked-notebook.js), as
//   {markdown: [[text, formulas, tokens]...], tex: [[display, tex, tree | {error}]...]}
// tokens: the page parser's plain tokens (web/src/markdown/tokens.js), read with no cap on
// formulas (the page uses them when its own cap leaves all `formulas` in); tree: what katex.render
// builds for the formula with the page's options (web/src/render/katex-options.js), recorded by
// running KaTeX's own DOM path against a small stand-in for `document`, in the form
// web/src/render/tex-tree.js replays; {error}: KaTeX's message for a formula it cannot read. The
// page's own checks (macro definitions, height) still run on what it builds.
//
// The texts are the notebook's Markdown fields that the renderers draw (docs/notebook-format.md,
// "The Markdown subset"): a field missing here is still drawn, with markdown-it loaded for it, and
// tests/browser/page-size.test.mjs fails for a shipped lesson that loads markdown-it or KaTeX.
import katex from 'katex';
import { readMarkdown } from '../web/src/markdown/parser.js';
import { katexOptions } from '../web/src/render/katex-options.js';
import { NAMESPACES, KATEX_TAG } from '../web/src/render/tex-tree.js';

/** Each Markdown text the page draws for this normalised notebook (repeats included). */
function* markdownTexts(notebook) {
  const practice = function* (p) {
    yield p.prompt; yield p.hint; yield p.worked; yield p.explanation;
    if (Array.isArray(p.answer?.options)) yield* p.answer.options;
  };
  for (const cell of notebook.cells) {
    if (cell.type === 'prose') yield cell.text;
    if (cell.type === 'maths') yield cell.caption;
    if (cell.type === 'practice') yield* practice(cell);
    if (cell.type === 'study') {
      for (const step of cell.steps || []) {
        yield step.text;
        if (step.check) yield* practice(step.check);
      }
    }
  }
}

// ---- KaTeX's DOM, recorded -------------------------------------------------------------------
// The calls katex.render makes (createElement, createElementNS, createTextNode,
// createDocumentFragment; className, style properties, setAttribute, appendChild), kept as a tree.
const PREFIX = Object.fromEntries(Object.entries(NAMESPACES).map(([prefix, ns]) => [ns, `${prefix}:`]));
class Recorded {
  constructor(tag) {
    this.tag = tag;
    this.className = null;
    this.style = {};
    this.attributes = null;
    this.children = [];
  }
  setAttribute(name, value) { (this.attributes ||= {})[name] = String(value); }
  appendChild(child) {
    if (child instanceof RecordedFragment) this.children.push(...child.children);
    else this.children.push(child);
    return child;
  }
  tree() {
    const style = Object.fromEntries(Object.entries(this.style).filter(([, v]) => v !== undefined));
    if (!KATEX_TAG.test(this.tag)) throw new Error(`KaTeX made a <${this.tag}>, which web/src/render/tex-tree.js does not build`);
    return [this.tag, this.className, Object.keys(style).length ? style : null, this.attributes,
      ...this.children.map((c) => (typeof c === 'string' ? c : c.tree()))];
  }
}
class RecordedFragment extends Recorded {}
const recorder = {
  createElement: (tag) => new Recorded(tag),
  createElementNS: (ns, tag) => new Recorded(PREFIX[ns] + tag),
  createTextNode: (text) => String(text),
  createDocumentFragment: () => new RecordedFragment('#fragment'),
};

/** KaTeX's output for one formula as a tree (web/src/render/tex-tree.js), or {error}. */
export function typesetTree(tex, display) {
  let built;
  try {
    built = katex.__renderToDomTree(tex, katexOptions(display));
  } catch (err) {
    return { error: err?.message || 'could not typeset' };
  }
  const saved = globalThis.document;
  globalThis.document = recorder;
  try {
    return built.toNode().tree();
  } finally {
    globalThis.document = saved;
  }
}

function formulasIn(tokens, found = []) {
  for (const token of tokens) {
    if (token.type === 'maths_inline' || token.type === 'maths_block') found.push({ tex: token.content, display: token.type === 'maths_block' });
    if (token.children) formulasIn(token.children, found);
  }
  return found;
}

/** The `prerendered` part of a notebook's checked form (see the top of this file). */
export function prerender(notebook) {
  const markdown = new Map();
  const tex = new Map();
  const addTex = (source, display) => {
    const key = `${display ? 'D' : 'I'}${source}`;
    if (!tex.has(key)) tex.set(key, [display, source, typesetTree(source, display)]);
  };
  for (const text of markdownTexts(notebook)) {
    if (typeof text !== 'string' || markdown.has(text)) continue;
    const tokens = readMarkdown(text, { formulasPerText: Number.MAX_SAFE_INTEGER });
    const formulas = formulasIn(tokens);
    markdown.set(text, [text, formulas.length, tokens]);
    for (const f of formulas) addTex(f.tex, f.display);
  }
  for (const cell of notebook.cells) if (cell.type === 'maths' && typeof cell.tex === 'string') addTex(cell.tex, cell.display !== false);
  return { markdown: [...markdown.values()], tex: [...tex.values()] };
}
