// The numbers panel: one row per source (dot, scaled score, share, carry) and the shared m, Z and
// output, each engine number with its reference value and a changed / unchanged mark beside it.

import { h, num, vec, shownText, exactText } from '../../dom.js';
import { unchanged } from './sentences.js';

function divisorText(divisor, d) {
  if (divisor === 'd') return ` / ${d}`;
  if (divisor === '1') return '';
  return ` / √${d}`;
}

/** The reference value and its mark, for a number pair (or a vector of them). */
function refMark(cur, ref) {
  if (!ref) return null;
  const list = Array.isArray(cur) ? cur : [cur];
  const refs = Array.isArray(ref) ? ref : [ref];
  const same = list.every((x, i) => unchanged(x, refs[i]));
  const text = Array.isArray(cur) ? `[${refs.map(shownText).join(', ')}]` : shownText(ref);
  return h('span', { class: `ref ${same ? 'same' : 'changed'}`, title: `reference exact: ${refs.map(exactText).join(', ')}` },
    h('span', { class: 'visually-hidden' }, 'reference '), `ref ${text} `, h('span', { class: 'mark' }, same ? '= same' : '≠ changed'));
}

const HEADS = ['Dot q·k', null, 'Share w', 'Carry w·v'];

export function createTable({ labels, colour, divisor, d }) {
  const heads = HEADS.map((x) => x ?? `Score q·k${divisorText(divisor, d)}`);
  const body = h('tbody');
  // class stack: in a narrow box each row becomes a card of labelled numbers (styles.js), so
  // nothing is cut and no column slides out of sight.
  const table = h('table', { class: 'stack' },
    h('caption', null, 'One row per source'),
    h('thead', null, h('tr', null,
      h('th', { scope: 'col', class: 'label' }, 'Source'),
      heads.map((x) => h('th', { scope: 'col' }, x)))),
    body);
  const stats = h('div', { class: 'stats' });

  function clear() {
    body.replaceChildren();
    stats.replaceChildren();
  }

  function draw(st, r, ref) {
    if (!r) return clear();
    const cell = (x, y, col) => h('td', { 'data-label': heads[col] }, Array.isArray(x) ? vec(x) : num(x), refMark(x, y));
    body.replaceChildren(...labels.map((label, i) => h('tr', { class: st.mask[i] ? null : 'masked' },
      h('th', { scope: 'row', class: `label ${colour(i)}` }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), label,
        st.mask[i] ? null : h('span', { class: 'muted' }, ' (masked)')),
      cell(r.dots[i], ref?.dots[i], 0),
      cell(r.scores[i], ref?.scores[i], 1),
      cell(r.shares[i], ref && !r.all_masked ? ref.shares[i] : null, 2),
      cell(r.carries[i], ref && !r.all_masked ? ref.carries[i] : null, 3))));
    if (r.all_masked) {
      stats.replaceChildren(h('span', { class: 'output' }, h('strong', null, 'No output: '),
        `every source is masked, so there is no maximum m, no ${r.normalizer ? 'shares' : 'denominator Z'} and no o.`));
      return;
    }
    stats.replaceChildren(
      h('span', null, 'Shared max m = ', num(r.max), refMark(r.max, ref?.max)),
      r.normalizer // not softmax: no denominator Z; the shares' total instead
        ? h('span', null, `Shares add up to (${r.normalizer}) `, num(r.total), refMark(r.total, ref?.total))
        : h('span', null, 'Denominator Z = ', num(r.denominator), refMark(r.denominator, ref?.denominator)),
      h('span', { class: 'output' }, h('strong', null, 'Output o = '), vec(r.output), refMark(r.output, ref?.output)));
  }
  return { table, stats, draw, clear };
}
