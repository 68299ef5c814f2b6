// Engine positions (1-based line, column in code points) -> editor offsets (UTF-16 units).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { columnOffset, errorOffset } from '../../web/author/positions.js';

test('columns count code points: a character outside the BMP is two UTF-16 units', () => {
  assert.equal(columnOffset('abc', 1), 0);
  assert.equal(columnOffset('abc', 3), 2);
  // "😀" is U+1F600, two units: column 2 starts after it, at offset 2.
  assert.equal(columnOffset('😀x', 2), 2);
  assert.equal(columnOffset('é😀é😀x', 5), 6);
  // A lone surrogate counts as one character (the engine never sees one in UTF-8, but the editor may).
  assert.equal(columnOffset('\ud800x', 2), 1);
  assert.equal(columnOffset('ab', 10), 2, 'past the end: the end of the line');
});

test('lines are counted from 1 at each "\\n"; a "\\r" stays on its line', () => {
  const text = '{\n  "id": "x",\r\n  "title": 1\n}';
  assert.equal(errorOffset(text, 1, 1), 0);
  assert.equal(errorOffset(text, 2, 3), 4);
  assert.equal(text.slice(errorOffset(text, 3, 12)), '1\n}');
  assert.equal(errorOffset(text, 9, 1), text.length, 'a line past the end: the end of the text');
  assert.equal(errorOffset(text, null, null), 0, 'no position: the start');
  assert.equal(errorOffset('😀\n  "x"', 2, 3), 5);
});
