// markdown-it (./parser.js) is a file of its own on the site, imported only when a text must be
// read on the page: a shipped notebook's texts were read by the site's build
// (../render/prerendered.js). The element loads it before it draws any other notebook; without the
// DOM and without markdown-it itself, so the element's first file can hold it.

let read = null; // ./parser.js's readMarkdown, once loaded
let loading = null;

/** Loads markdown-it and the notebook's rules once; resolves when texts can be read (never rejects). */
export function loadMarkdownParser() {
  loading ||= import('./parser.js').then(
    (m) => { read = m.readMarkdown; },
    () => {}, // the texts stay shown as written (../render/prose.js)
  );
  return loading;
}

/** True once markdown-it has loaded. */
export const markdownParserLoaded = () => read !== null;

/** The plain tokens (./tokens.js) of `text` if markdown-it has loaded, else null. */
export const readIfLoaded = (text, options) => (read ? read(text, options) : null);
