// A formula typeset ahead of time by the site's build (scripts/prerender.mjs), as the page builds
// it: the same createElement, className, CSSOM style and setAttribute calls that katex.render makes,
// replayed from data, so the page shows KaTeX's output without loading KaTeX. No innerHTML: the
// strict CSP blocks style attributes, and KaTeX's own DOM path sets styles through the CSSOM too.
//
// A node is a string (a text node) or [tag, className, style, attributes, ...children]: tag is
// "svg:<name>" or "m:<name>" for KaTeX's SVG and MathML elements; className is null where KaTeX
// sets none; style ({marginRight: "0.1em"}) and attributes are null when empty.
//
// The trees come only from the element's own site (../checked-notebook.js says why that is
// trusted), but a hand-edited file still gets no further than KaTeX's kinds of nodes: spans, SVG
// shapes and MathML, with no event handler or link attribute.

const NAMESPACES = { svg: 'http://www.w3.org/2000/svg', m: 'http://www.w3.org/1998/Math/MathML' };
const KATEX_TAG = /^(?:span|svg:(?:svg|path|line)|m:[a-z]+)$/;
const REFUSED_ATTRIBUTE = /^on|href|^src$/i;

/** The DOM node for one tree node; throws on a node KaTeX does not make. */
export function treeToNode(node) {
  if (typeof node === 'string') return document.createTextNode(node);
  const [tag, className, style, attributes, ...children] = node;
  if (!KATEX_TAG.test(tag)) throw new Error(`not a typeset formula (${String(tag).slice(0, 20)})`);
  if (attributes && Object.keys(attributes).some((name) => REFUSED_ATTRIBUTE.test(name))) throw new Error('not a typeset formula (attributes)');
  const colon = tag.indexOf(':');
  const el = colon < 0 ? document.createElement(tag) : document.createElementNS(NAMESPACES[tag.slice(0, colon)], tag.slice(colon + 1));
  if (className !== null) el.className = className;
  if (style) Object.assign(el.style, style);
  if (attributes) for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  for (const child of children) el.appendChild(treeToNode(child));
  return el;
}

export { NAMESPACES, KATEX_TAG };
