// Put CSS text into a shadow root (or the document). Constructable stylesheets are used where
// the browser has them: they need no <style> element, so a strict CSP without
// 'unsafe-inline' for styles still works. Sheets are cached per text and shared.

const cache = new Map();

function sheetFor(cssText) {
  let sheet = cache.get(cssText);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    cache.set(cssText, sheet);
  }
  return sheet;
}

const constructable = (() => {
  try {
    return typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype &&
      'adoptedStyleSheets' in Document.prototype && Boolean(new CSSStyleSheet());
  } catch {
    return false;
  }
})();

/** Add CSS texts to a ShadowRoot or Document; safe to call again with the same texts. */
export function adoptStyles(root, ...cssTexts) {
  const texts = cssTexts.filter((t) => typeof t === 'string' && t.length > 0);
  if (constructable) {
    const have = new Set(root.adoptedStyleSheets);
    const add = texts.map(sheetFor).filter((sheet) => !have.has(sheet));
    if (add.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...add];
    return;
  }
  const host = root === document ? document.head : root;
  for (const text of texts) {
    const style = document.createElement('style');
    style.textContent = text;
    host.append(style);
  }
}

/** Add a CSS text to a ShadowRoot or Document ahead of the texts it has (which then win ties). */
export function adoptStylesFirst(root, cssText) {
  if (typeof cssText !== 'string' || cssText.length === 0) return;
  if (constructable) {
    const sheet = sheetFor(cssText);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [sheet, ...root.adoptedStyleSheets];
    return;
  }
  const style = document.createElement('style');
  style.textContent = cssText;
  (root === document ? document.head : root).prepend(style);
}
