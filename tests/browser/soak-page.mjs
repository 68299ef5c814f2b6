// The page side of the soak (soak.mjs): a module served with the test page that adds, removes and
// drives notebooks, so that each action is one round trip from the test. Every function reaches
// into the element's open shadow root the way a reader's input would arrive (events on the
// controls), never into the element's internals.
export const SOAK_PAGE_JS = `import '../attention-notebook.js';
const box = () => document.getElementById('notebooks');
const all = () => [...box().querySelectorAll('attention-notebook')];
const root = (i) => all()[i]?.shadowRoot;
const visible = (i, sel) => [...(root(i)?.querySelectorAll(sel) || [])].filter((el) => !el.closest('section[hidden]'));

window.soak = {
  count: () => all().length,
  add(src, depth) {
    const el = document.createElement('attention-notebook');
    el.setAttribute('src', src);
    el.setAttribute('depth', depth);
    box().append(el);
    return el.ready.then((r) => r.ok);
  },
  addText(text, depth) {
    const el = document.createElement('attention-notebook');
    el.setAttribute('depth', depth);
    box().append(el);
    return el.loadText(text, 'soak').then(() => el.ready).then((r) => r.ok);
  },
  remove(i) { all()[i]?.remove(); },
  removeAll() { for (const el of all()) el.remove(); },
  /** Moves the query with n arrow presses (Shift on some), drifting back towards 0 when far. */
  moves(i, n, seed) {
    const plane = visible(i, '.explorable svg[role="application"]')[0];
    if (!plane) return 0;
    let s = seed >>> 0;
    const q = () => [...visible(i, '.explorable input[type="number"]')].map((x) => Number(x.value));
    for (let k = 0; k < n; k++) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      const [x, y] = q();
      let key = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'][s % 4];
      if (Math.abs(x) > 5) key = x > 0 ? 'ArrowLeft' : 'ArrowRight';
      else if (Math.abs(y) > 5) key = y > 0 ? 'ArrowDown' : 'ArrowUp';
      plane.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey: (s >>> 8) % 5 === 0, bubbles: true, cancelable: true }));
    }
    return n;
  },
  /** Types a query into the number fields. */
  typeQuery(i, values) {
    const inputs = visible(i, '.explorable input[type="number"]');
    inputs.forEach((input, j) => {
      if (values[j] === undefined) return;
      input.value = String(values[j]);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    return inputs.length;
  },
  /** Sets the masks: true/false per source (missing ones left as they are). */
  setMask(i, mask) {
    visible(i, '.explorable input[type="checkbox"]').forEach((box, k) => {
      if (mask[k] !== undefined && box.checked !== mask[k]) box.click();
    });
  },
  toggleMask(i, k) {
    const boxes = visible(i, '.explorable input[type="checkbox"]');
    if (boxes.length) boxes[k % boxes.length].click();
    return boxes.length;
  },
  /** Sets a scaling study's divisor, first switching to a depth that shows one if need be. */
  divisor(i, value) {
    let select = visible(i, '.scaling-study select')[0];
    const hidden = root(i)?.querySelector('section[hidden] .scaling-study');
    if (!select && hidden) {
      root(i).querySelector('.depth input[value="developer"]')?.click();
      select = visible(i, '.scaling-study select')[0];
    }
    if (!select) return false;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    return true;
  },
  /** divisor() on the first notebook from i on that has a scaling study. */
  divisorAny(i, value) {
    const n = all().length;
    for (let k = 0; k < n; k++) if (window.soak.divisor((i + k) % n, value)) return true;
    return false;
  },
  depth(i, value) {
    const radio = root(i)?.querySelector('.depth input[value="' + value + '"]');
    if (radio) radio.click();
    return Boolean(radio);
  },
  heading(i, level) { all()[i]?.setAttribute('heading-level', String(level)); },
  python(i) {
    const d = visible(i, '.explorable details').find((x) => x.querySelector('summary')?.textContent.includes('in Python'));
    if (d) d.open = !d.open;
  },
  answer(i, text) {
    const input = visible(i, '.practice input[type="text"]')[0];
    if (!input) return false;
    input.value = text;
    input.closest('.practice').querySelector('button').click();
    return true;
  },
  /** Error messages any notebook shows (a cell or the whole notebook). */
  errors: () => all().flatMap((el) => [...el.shadowRoot.querySelectorAll('.cell-error, .errors')]
    .filter((e) => !e.hidden && e.textContent.trim()).map((e) => e.textContent)),
  /** True when no scaling study on the page has a run in flight (shown or hidden). */
  idle: () => all().every((el) => !el.shadowRoot.querySelector('.scaling-study [aria-busy="true"]')),
};
`;
