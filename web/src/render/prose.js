// The notebook's safe Markdown subset -> DOM, built with createElement and text nodes only.
//
// Blocks: paragraphs, "#".."###" headings, "- " and "1. " lists, ``` fenced code, and a
// "$$ ... $$" block of display maths. Inline: `code`, $tex$, **strong**, *em*, [text](url),
// backslash escapes. Raw HTML is never interpreted: "<b>" shows as the text "<b>".
// Links keep only http:, https: and relative URLs, and open with rel="noopener noreferrer".

import { h, keyboardScrollable } from '../dom.js';
import { renderTex } from './maths.js';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The URL if it is safe to link to (http/https or relative), else null. */
export function safeHref(url) {
  const u = String(url).trim();
  if (!u || /[\u0000-\u001f\s]/.test(u)) return null;
  if (/^https?:\/\//i.test(u)) return u;
  if (SCHEME.test(u) || u.startsWith('//') || u.startsWith('\\')) return null;
  return u;
}

function findClosing(text, marker, from) {
  for (let i = from; i <= text.length - marker.length; i++) {
    if (text[i] === '\\') { i++; continue; }
    if (text.startsWith(marker, i)) return i;
  }
  return -1;
}

/** Index of the ")" that closes the "(" at `open`, allowing balanced parentheses inside. */
function matchingParen(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Inline Markdown -> array of Nodes. */
export function inline(text) {
  const out = [];
  let buf = '';
  const flush = () => { if (buf) { out.push(document.createTextNode(buf)); buf = ''; } };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length && /[\\`*_$[\]()#\-.!]/.test(text[i + 1])) {
      buf += text[i + 1]; i += 2; continue;
    }
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i) { flush(); out.push(h('code', null, text.slice(i + 1, end))); i = end + 1; continue; }
    }
    if (c === '$' && text[i + 1] !== '$') {
      const end = findClosing(text, '$', i + 1);
      if (end > i + 1 && text[i + 1] !== ' ') {
        flush();
        const tex = renderTex(text.slice(i + 1, end));
        // Punctuation right after the maths stays on its line ("... the output $o$." never wraps before the ".").
        const punct = /^[.,;:!?)]+/.exec(text.slice(end + 1));
        if (punct) out.push(h('span', { class: 'nowrap' }, tex, punct[0]));
        else out.push(tex);
        i = end + 1 + (punct ? punct[0].length : 0);
        continue;
      }
    }
    if (text.startsWith('**', i)) {
      const end = findClosing(text, '**', i + 2);
      if (end > i + 2) { flush(); out.push(h('strong', null, inline(text.slice(i + 2, end)))); i = end + 2; continue; }
    }
    if (c === '*' && text[i + 1] !== ' ') {
      const end = findClosing(text, '*', i + 1);
      if (end > i + 1) { flush(); out.push(h('em', null, inline(text.slice(i + 1, end)))); i = end + 1; continue; }
    }
    if (c === '[') {
      const close = findClosing(text, '](', i + 1);
      const end = close > i ? matchingParen(text, close + 1) : -1;
      if (close > i && end > close) {
        flush();
        const label = inline(text.slice(i + 1, close));
        const href = safeHref(text.slice(close + 2, end));
        out.push(href ? h('a', { href, rel: 'noopener noreferrer' }, label) : h('span', null, label));
        i = end + 1;
        continue;
      }
    }
    buf += c;
    i += 1;
  }
  flush();
  return out;
}

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

/**
 * Block Markdown -> a DocumentFragment.
 * @param {string} text
 * @param {{headingBase?: number}} [options] heading level used for "#" (default 3: the
 *        notebook title is h1 and cell titles are h2). A heading never goes more than one level
 *        below the one before it ("### Notes" first in a cell is h3, not h5), so the page's
 *        outline has no gaps for a screen reader's heading list.
 */
export function renderMarkdown(text, { headingBase = 3 } = {}) {
  const frag = document.createDocumentFragment();
  const lines = String(text ?? '').replace(/\r\n?/g, '\n').split('\n');
  let para = [];
  let list = null; // { el, ordered }
  let lastLevel = headingBase - 1; // the cell's title (or where it would be)
  const endPara = () => {
    if (para.length) { frag.append(h('p', null, inline(para.join(' ')))); para = []; }
  };
  const endList = () => { list = null; };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*```/.test(line)) {
      endPara(); endList();
      const lang = line.trim().slice(3).trim();
      const body = [];
      i += 1;
      while (i < lines.length && !/^\s*```\s*$/.test(lines[i])) body.push(lines[i++]);
      frag.append(keyboardScrollable(h('pre', null, h('code', lang ? { 'data-lang': lang } : null, body.join('\n')))));
      continue;
    }
    if (/^\s*\$\$/.test(line)) {
      endPara(); endList();
      let tex = line.trim().slice(2);
      if (tex.endsWith('$$') && tex.length >= 2) tex = tex.slice(0, -2);
      else {
        const body = [tex];
        i += 1;
        while (i < lines.length && !/\$\$\s*$/.test(lines[i])) body.push(lines[i++]);
        if (i < lines.length) body.push(lines[i].replace(/\$\$\s*$/, ''));
        tex = body.join('\n');
      }
      frag.append(renderTex(tex, { display: true }));
      continue;
    }
    if (!line.trim()) { endPara(); endList(); continue; }
    const head = HEADING.exec(line);
    if (head) {
      endPara(); endList();
      const level = Math.min(6, headingBase + head[1].length - 1, lastLevel + 1);
      lastLevel = level;
      frag.append(h(`h${level}`, null, inline(head[2].trim())));
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      endPara();
      const ordered = Boolean(numbered);
      if (!list || list.ordered !== ordered) {
        list = { el: h(ordered ? 'ol' : 'ul'), ordered };
        frag.append(list.el);
      }
      list.el.append(h('li', null, inline((bullet || numbered)[1])));
      continue;
    }
    if (list && /^\s{2,}\S/.test(line)) {
      const last = list.el.lastElementChild;
      last.append(' ', ...inline(line.trim()));
      continue;
    }
    endList();
    para.push(line.trim());
  }
  endPara();
  return frag;
}

/** A prose cell. */
export function renderProse(cell, ctx = {}) {
  const el = h('div', { class: 'prose' });
  el.append(renderMarkdown(cell.text, { headingBase: ctx.headingBase ?? 3 }));
  return { el };
}
