// The parser's plain tokens (./tokens.js: made by ./parser.js on the page, or by the site's build)
// -> DOM, with createElement and text nodes only: no token's text is ever parsed as HTML, so the
// page's strict CSP holds and author text stays text.
//
// Headings: "#" is level `headingBase` (3: the notebook title is h1, cell titles h2), "##" one
// deeper, and so on up to h6; a heading never goes more than one level below the one before it
// ("### Notes" first in a cell is h3, not h5), so a screen reader's heading list has no gaps.
// Inline maths followed by punctuation ("... the output $o$.") is wrapped in a nowrap span so the
// "." never starts a line on its own. Code blocks and display maths scroll sideways, by keyboard too.

import { h, keyboardScrollable } from '../dom.js';
import { linkAttributes, linkTargetAllowed } from '../link-rule.js';
import { renderTex } from '../render/maths.js';

const TRAILING_PUNCTUATION = /^[.,;:!?)]+/;

/**
 * Block tokens -> a DocumentFragment. `tex(tex, {display})` makes each formula's element: by
 * default it is typeset at once; a notebook passes its typesetter's (../render/typesetter.js).
 */
export function tokensToDom(tokens, { headingBase = 3, tex = renderTex } = {}) {
  const frag = document.createDocumentFragment();
  const stack = [frag];
  const top = () => stack[stack.length - 1];
  let lastLevel = headingBase - 1; // the cell's title (or where it would be)
  for (const token of tokens) {
    switch (token.type) {
      case 'paragraph_open':
        // Tight list items hold their text directly (markdown-it marks those paragraphs hidden).
        stack.push(token.hidden ? top() : top().appendChild(h('p')));
        break;
      case 'heading_open': {
        const level = Math.min(6, headingBase + token.markup.length - 1, lastLevel + 1);
        lastLevel = level;
        stack.push(top().appendChild(h(`h${level}`)));
        break;
      }
      case 'bullet_list_open':
        stack.push(top().appendChild(h('ul')));
        break;
      case 'ordered_list_open': {
        const start = Number(token.attrs?.start ?? 1);
        stack.push(top().appendChild(h('ol', start !== 1 ? { start: String(start) } : null)));
        break;
      }
      case 'list_item_open':
        stack.push(top().appendChild(h('li')));
        break;
      case 'paragraph_close': case 'heading_close': case 'bullet_list_close':
      case 'ordered_list_close': case 'list_item_close':
        stack.pop();
        break;
      case 'inline':
        top().append(...inlineNodes(token.children || [], tex));
        break;
      case 'fence': {
        const lang = token.info.trim();
        const code = token.content.replace(/\n$/, '');
        top().append(keyboardScrollable(h('pre', null, h('code', lang ? { 'data-lang': lang } : null, code))));
        break;
      }
      case 'maths_block':
        top().append(tex(token.content, { display: true }));
        break;
      default:
        // The parser makes no other block tokens; if one appears, its text is shown as text.
        if (token.content) top().append(h('p', null, token.content));
    }
  }
  return frag;
}

/** Inline tokens -> an array of Nodes. */
function inlineNodes(children, makeTex) {
  const root = document.createDocumentFragment();
  const stack = [root];
  const top = () => stack[stack.length - 1];
  let skip = 0; // characters of the next text token already placed (punctuation after maths)
  for (let i = 0; i < children.length; i++) {
    const token = children[i];
    const text = skip ? token.content.slice(skip) : token.content;
    skip = 0;
    switch (token.type) {
      case 'text':
        if (text) top().append(text);
        break;
      case 'softbreak': case 'hardbreak':
        top().append('\n');
        break;
      case 'code_inline':
        top().append(h('code', null, text));
        break;
      case 'em_open': case 'strong_open':
        stack.push(top().appendChild(h(token.tag)));
        break;
      case 'link_open': {
        const href = token.attrs?.href;
        // The parser already refused bad targets; checking the href itself again costs nothing.
        const attrs = href && linkTargetAllowed(href) ? linkAttributes(href) : null;
        const title = token.attrs?.title;
        stack.push(top().appendChild(attrs ? h('a', { ...attrs, title: title || null }) : h('span')));
        break;
      }
      case 'em_close': case 'strong_close': case 'link_close':
        if (stack.length > 1) stack.pop();
        break;
      case 'maths_inline': {
        const tex = makeTex(text);
        const after = children[i + 1];
        const punct = after && after.type === 'text' ? TRAILING_PUNCTUATION.exec(after.content) : null;
        if (punct) {
          top().append(h('span', { class: 'nowrap' }, tex, punct[0]));
          skip = punct[0].length;
        } else {
          top().append(tex);
        }
        break;
      }
      default:
        if (text) top().append(text);
    }
  }
  return [...root.childNodes];
}
