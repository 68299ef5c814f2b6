// The Markdown code corpus (tests/corpus/markdown-code.json) read by the page's own parser: the
// fenced blocks and code spans it records are where markdown-it, as the page configures it, finds
// code. The engine's scanner is held to the same cases by tests/engine/test_markdown_code.cpp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createParser } from '../../web/src/markdown/parser.js';

const corpus = JSON.parse(fs.readFileSync(new URL('../corpus/markdown-code.json', import.meta.url), 'utf8'));
const md = createParser();

// A span as written -> the text markdown-it gives its token: the backticks off, and one blank off
// each end when both ends have one and the span is not all blanks (CommonMark 6.1).
function spanContent(written) {
  const ticks = written.match(/^`+/)[0].length;
  const inner = written.slice(ticks, written.length - ticks);
  return /^ .* $/s.test(inner) && /[^ ]/.test(inner) ? inner.slice(1, -1) : inner;
}

function codeOf(markdown) {
  const tokens = md.parse(markdown, {});
  const fenced = tokens.filter((t) => t.type === 'fence').map((t) => t.map);
  const spans = tokens.filter((t) => t.type === 'inline')
    .flatMap((t) => t.children.filter((c) => c.type === 'code_inline'))
    .map((c) => ({ markup: c.markup, content: c.content }));
  return { fenced, spans };
}

const expectedSpans = (c) => c.spans.map((s) => ({ markup: s.match(/^`+/)[0], content: spanContent(s) }));

test('the corpus covers fences, spans, escapes and line ends', () => {
  assert.ok(corpus.cases.length >= 30, `${corpus.cases.length} cases`);
  assert.ok(corpus.cases.some((c) => c.unclosed !== ''));
  assert.ok(corpus.cases.some((c) => c.markdown.includes('\r\n')));
  assert.ok(corpus.cases.some((c) => c.markdown.includes('\\`')));
});

test("markdown-it finds the corpus's fenced blocks and code spans", () => {
  for (const c of corpus.cases) {
    const found = codeOf(c.markdown);
    assert.deepEqual(found.fenced, c.fenced, `${JSON.stringify(c.markdown)} (${c.why}): fenced lines`);
    assert.deepEqual(found.spans, expectedSpans(c), `${JSON.stringify(c.markdown)} (${c.why}): code spans`);
  }
});

test('the cases the scanner reads otherwise are read otherwise by markdown-it', () => {
  for (const c of corpus.differs) {
    const found = codeOf(c.markdown);
    assert.notDeepEqual({ fenced: found.fenced, spans: found.spans }, { fenced: c.fenced, spans: expectedSpans(c) },
      `${JSON.stringify(c.markdown)}: markdown-it now reads it as the scanner does; move it to the cases`);
  }
});
