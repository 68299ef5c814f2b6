// Every JSON example in docs/*.md that is a notebook or a cell, read from the Markdown each run
// (never copied): fenced blocks and inline code spans that parse as a JSON object. A notebook is
// an object with "cells"; a cell, an object with "type" (it is checked inside a one-cell
// notebook, written around it here); a practice answer (an object with "kind"), inside a practice
// cell. Blocks that are not JSON ("cells": [ ... ]) are skipped.
import fs from 'node:fs';
import path from 'node:path';

function candidates(markdown) {
  const out = [];
  const fence = /^```[a-z]*\n([\s\S]*?)^```/gm;
  for (const m of markdown.matchAll(fence)) out.push({ text: m[1], at: m.index });
  const outside = markdown.replace(fence, (m) => m.replace(/[^\n]/g, ' '));
  for (const m of outside.matchAll(/`(\{[^`]*\})`/g)) out.push({ text: m[1], at: m.index });
  return out.sort((a, b) => a.at - b.at);
}

// A one-cell notebook around a docs cell; its depths are every depth, so a cell's own depths fit.
export function notebookAround(cell, id) {
  return {
    format: 'attnbook-notebook/1', id, title: 'A cell from the docs', version: '1.0.0',
    depths: ['beginner', 'developer', 'researcher'], cells: [cell],
  };
}

// -> [{ name: 'notebook-format.md #2', kind: 'notebook' | 'cell' | 'answer', notebook }]: numbered
// in each file from 1 (not by line, so that editing prose above an example keeps its name).
export function docsExamples(root) {
  const dir = path.join(root, 'docs');
  const out = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.md')).sort()) {
    let n = 0;
    for (const { text } of candidates(fs.readFileSync(path.join(dir, file), 'utf8'))) {
      let value;
      try { value = JSON.parse(text); } catch { continue; }
      if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
      const name = `${file} #${++n}`;
      const id = `docs-${file.replace(/\.md$/, '')}-${n}`;
      if ('cells' in value) out.push({ name, kind: 'notebook', notebook: value });
      else if (typeof value.type === 'string') {
        out.push({ name, kind: 'cell', notebook: notebookAround(value, id) });
      } else if (typeof value.kind === 'string') {
        const cell = { type: 'practice', prompt: 'An answer from the docs.', answer: value };
        out.push({ name, kind: 'answer', notebook: notebookAround(cell, id) });
      }
    }
  }
  return out;
}
