// The notebook's Markdown subset (docs/notebook-format.md, "The Markdown subset") as a markdown-it
// parser: paragraphs, headings, "-"/"1." lists, fenced code, `code`, *em*, **strong**, links,
// backslash escapes, $tex$ and $$ display maths. Nothing else: no raw HTML (html: false, so
// "<b>" is text), no images, autolinks, bare-URL links, block quotes, rules, setext headings,
// indented code, reference links or character references.
//
// Links: a target must pass the link rule (../link-rule.js) as the author wrote it and as the
// href markdown-it makes of it (decoded, %-encoded). A refused target is no link: the text stays.
//
// This module is plain JavaScript without the DOM; ./dom.js turns the tokens into elements.

import MarkdownIt from 'markdown-it';
import { linkTargetAllowed } from '../link-rule.js';
import { mathsBlock, mathsInline } from './maths-rules.js';
import { plainTokens } from './tokens.js';

const OFF = [
  'blockquote', 'code', 'hr', 'html_block', 'lheading', 'reference', // block
  'autolink', 'entity', 'html_inline', 'image', // inline
];

/** A new parser with the notebook's configuration. */
export function createParser() {
  const md = new MarkdownIt('commonmark', { html: false, linkify: false, typographer: false });
  md.disable(OFF);
  md.block.ruler.before('fence', 'maths_block', mathsBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.inline.ruler.after('backticks', 'maths_inline', mathsInline);
  // The target as written: markdown-it decodes escapes and character references before it asks
  // validateLink, and the C++ validator checks the written text, so the renderer checks it too.
  const parseDestination = md.helpers.parseLinkDestination;
  md.helpers = {
    ...md.helpers,
    parseLinkDestination(str, start, max) {
      const result = parseDestination(str, start, max);
      if (result.ok) {
        const angle = str.charCodeAt(start) === 0x3c; // <...>
        const written = str.slice(start + (angle ? 1 : 0), result.pos - (angle ? 1 : 0));
        if (!linkTargetAllowed(written)) result.str = ''; // '' fails validateLink: no link
      }
      return result;
    },
  };
  md.validateLink = (href) => linkTargetAllowed(href);
  // "[text]()" makes a link without asking validateLink; no href at all is left unchecked.
  md.core.ruler.after('inline', 'attnbook_links', dropRefusedLinks);
  return md;
}

// Removes each link_open / link_close pair whose href the rule refuses; the label stays as text.
function dropRefusedLinks(state) {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const kept = [];
    const open = []; // for each open link: was it kept?
    for (const token of block.children) {
      if (token.type === 'link_open') {
        const ok = linkTargetAllowed(token.attrGet('href') ?? '');
        open.push(ok);
        if (ok) kept.push(token);
      } else if (token.type === 'link_close') {
        if (open.pop()) kept.push(token);
      } else {
        kept.push(token);
      }
    }
    block.children = kept;
  }
}

const parser = createParser();

/**
 * Markdown text -> markdown-it's block tokens (inline content in each `inline` token's children).
 * `formulasPerText` caps the formulas read (default MAX_FORMULAS in ./maths-rules.js; a notebook
 * passes the engine's limit).
 */
export function parseMarkdown(text, { formulasPerText } = {}) {
  const env = Number.isInteger(formulasPerText) ? { attnbookFormulasLeft: formulasPerText } : {};
  return parser.parse(String(text ?? ''), env);
}

/** Markdown text -> the plain tokens ./dom.js draws (./tokens.js); options as parseMarkdown's. */
export function readMarkdown(text, options) {
  return plainTokens(parseMarkdown(text, options));
}
