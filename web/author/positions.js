// Engine positions -> editor offsets. The engine reports 1-based lines and 1-based columns that
// count characters (Unicode code points); the editor (CodeMirror, and JavaScript strings) counts
// UTF-16 code units. No DOM here (tests/unit/author-positions.test.mjs).

/**
 * The UTF-16 offset inside `lineText` of the `column`th character (1-based, code points); past
 * the end of the line it is the line's length.
 */
export function columnOffset(lineText, column) {
  let offset = 0;
  for (let c = 1; c < column && offset < lineText.length; c++) {
    const unit = lineText.charCodeAt(offset);
    const pair = unit >= 0xd800 && unit <= 0xdbff && offset + 1 < lineText.length &&
      (lineText.charCodeAt(offset + 1) & 0xfc00) === 0xdc00;
    offset += pair ? 2 : 1;
  }
  return Math.min(offset, lineText.length);
}

/**
 * The offset in `text` of an engine error's line and column; 0 when the error has no position.
 * Lines end at "\n" (a "\r" before it belongs to the line, as the engine counts it).
 */
export function errorOffset(text, line, column) {
  if (!Number.isInteger(line) || line < 1) return 0;
  let start = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', start);
    if (next < 0) return text.length;
    start = next + 1;
  }
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  return start + columnOffset(text.slice(start, end), Number.isInteger(column) && column >= 1 ? column : 1);
}
