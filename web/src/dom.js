// Small DOM builders. Every string goes in through textContent or setAttribute, so
// author text is never parsed as HTML anywhere in the element.

const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(el, attrs, children) {
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'text') el.textContent = String(value);
      else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
      else if (key === 'dataset') Object.assign(el.dataset, value);
      else el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** h('p', {class: 'x'}, 'text', childNode) -> HTMLElement */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** s('circle', {cx: 1}) -> SVGElement */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** The exact double of an engine number pair as text (shortest round-trip, -0 kept). */
export function exactText(pair) {
  const x = pair && typeof pair === 'object' ? pair.exact : pair;
  if (typeof x === 'number' && Object.is(x, -0)) return '-0';
  return String(x);
}

/** The engine's display text of a number pair. */
export function shownText(pair) {
  return pair && typeof pair === 'object' ? String(pair.shown) : String(pair);
}

/** A span showing the engine's rounded text, with the exact value as tooltip. */
export function num(pair, attrs = {}) {
  return h('span', { class: 'num', title: `exact: ${exactText(pair)}`, ...attrs }, shownText(pair));
}

/** A vector of number pairs as "[a, b]" with each entry carrying its exact tooltip. */
export function vec(pairs) {
  const out = [h('span', { class: 'bracket', 'aria-hidden': 'true' }, '[')];
  pairs.forEach((p, i) => {
    if (i) out.push(', ');
    out.push(num(p));
  });
  out.push(h('span', { class: 'bracket', 'aria-hidden': 'true' }, ']'));
  return h('span', { class: 'vec' }, out);
}

/** Input numbers (author or reader given, not results) echoed as "[2, 1]". */
export function inputVec(values) {
  return `[${values.map((x) => (Object.is(x, -0) ? '-0' : String(x))).join(', ')}]`;
}

/** The "shown" text of a vector, for sentences: "[-0.004, 0.868]". */
export function vecText(pairs) {
  return `[${pairs.map(shownText).join(', ')}]`;
}

let uid = 0;
/** A page-unique id for aria wiring (several elements may share one page). */
export function uniqueId(prefix = 'attnbook') {
  uid += 1;
  return `${prefix}-${uid}`;
}
