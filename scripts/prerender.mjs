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
// The texts are the notebook's Markdown fields (docs/notebook-format.md, "The Markdown subset"), as
// the format's schema marks them (markdownTexts below).
import fs from 'node:fs';
import katex from 'katex';
import { readMarkdown } from '../web/src/markdown/parser.js';
import { katexOptions } from '../web/src/render/katex-options.js';
import { NAMESPACES, KATEX_TAG } from '../web/src/render/tex-tree.js';

// The notebook format's JSON Schema (the engine's `schema` command; the build stops when this copy
// is stale) marks every Markdown field with {"$ref": "#/$defs/markdown"}: the texts to read are
// found by walking the notebook along it, so a Markdown field added to the format is read here too.
const SCHEMA = JSON.parse(fs.readFileSync(new URL('../web/notebook.schema.json', import.meta.url), 'utf8'));
const MARKDOWN_REF = '#/$defs/markdown';
const resolve = (ref) => ref.slice(2).split('/').reduce((at, key) => at[key], SCHEMA);
// The schema's `if` parts pick a cell's (or an answer's) fields by constants: {"type": {"const": "prose"}}.
const picks = (value, test) => Object.entries(test.properties || {})
  .every(([key, rule]) => !('const' in rule) || value?.[key] === rule.const);

/** Each Markdown text of `value` (at first the normalised notebook) under `schema` (repeats included). */
function* markdownTexts(value, schema = SCHEMA) {
  if (schema.$ref === MARKDOWN_REF) {
    if (typeof value === 'string') yield value;
    return;
  }
  if (schema.$ref) yield* markdownTexts(value, resolve(schema.$ref));
  for (const part of schema.allOf || []) {
    if (!part.if) yield* markdownTexts(value, part);
    else if (picks(value, part.if)) yield* markdownTexts(value, part.then);
  }
  if (Array.isArray(value) && schema.items) for (const item of value) yield* markdownTexts(item, schema.items);
  if (value && typeof value === 'object' && !Array.isArray(value) && schema.properties) {
    for (const [key, rule] of Object.entries(schema.properties)) if (key in value) yield* markdownTexts(value[key], rule);
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
