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

// Scroll containers (code blocks, wide tables, long formulas) that keyboard users can scroll
// too: while the content is wider or taller than the box, the box is a tab stop (focus shows
// its outline; arrow keys then scroll it). It stops being one when everything fits again.
const scrollers = new WeakSet();
const scrollWatch = typeof ResizeObserver === 'function'
  ? new ResizeObserver((entries) => {
    for (const entry of entries) {
      const box = scrollers.has(entry.target) ? entry.target : entry.target.parentElement;
      if (box && scrollers.has(box)) updateScroller(box);
    }
  })
  : null;

function updateScroller(box) {
  const style = getComputedStyle(box);
  const scrollsIn = (overflow) => overflow === 'auto' || overflow === 'scroll';
  const scrolls = (scrollsIn(style.overflowX) && box.scrollWidth > box.clientWidth + 1) ||
    (scrollsIn(style.overflowY) && box.scrollHeight > box.clientHeight + 1);
  if (scrolls && !box.hasAttribute('tabindex')) box.setAttribute('tabindex', '0');
  else if (!scrolls && box.getAttribute('tabindex') === '0') box.removeAttribute('tabindex');
}

/** Makes `box` (an element with overflow: auto) reachable by keyboard while it scrolls; returns it. */
export function keyboardScrollable(box) {
  if (!scrollWatch) {
    box.setAttribute('tabindex', '0');
    return box;
  }
  scrollers.add(box);
  scrollWatch.observe(box);
  // The box keeps its size while wider content arrives (a table's rows, a program's text): watch
  // its block child too.
  if (box.firstElementChild) scrollWatch.observe(box.firstElementChild);
  return box;
}
