// Reading a notebook's text with the engine's size limit applied in the page, so that a document
// the engine would refuse never reaches the engine worker: the worker's WebAssembly memory grows
// to fit every text it is given and never shrinks, so one 50 MB document would leave the shared
// worker holding hundreds of MiB for the rest of the page's life. No DOM here (tests/unit).

/** The size as the engine writes it in its messages: "4.0 MiB". */
export function mebibytes(bytes) {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** The error for a text over `limit` ({bytes, text}, as notebookTextLimit() gives it). */
export function tooLarge(limit, where) {
  return Object.assign(new Error(`the notebook is larger than the engine's limit of ${limit.text}; it was not opened`), { where });
}

/** UTF-8 length of a string (lone surrogates count 3, as TextEncoder writes U+FFFD), without copying it. */
export function utf8Length(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i += 1;
    } else n += 3;
  }
  return n;
}

/** True when `text` is more UTF-8 bytes than `limit.bytes` (each UTF-16 unit is 1 to 3 bytes). */
export function overLimit(text, limit) {
  if (text.length > limit.bytes) return true;
  if (text.length * 3 <= limit.bytes) return false;
  return utf8Length(text) > limit.bytes;
}

/**
 * The body of `response` as text, read as a stream that is cancelled as soon as it passes
 * `limit.bytes` (so the download stops too). A byte order mark stays in the text (ignoreBOM):
 * the engine then counts the same bytes as in the file, and skips the mark itself.
 */
export async function readTextWithin(response, limit, where) {
  if (!response.body) {
    const text = await response.text();
    if (overLimit(text, limit)) throw tooLarge(limit, where);
    return text;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const parts = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > limit.bytes) {
      reader.cancel().catch(() => {});
      throw tooLarge(limit, where);
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}
