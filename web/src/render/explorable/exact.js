// "Exact numbers behind the rounded ones": every number of the engine's answer as the double it
// is, one line per source, in a panel that is closed until the learner opens it.

import { h, inputVec, exactText } from '../../dom.js';

/** The exact numbers behind the rounded ones, one line per source, for the state s and its answer r. */
export function exactLines(s, r, labels) {
  return [
    `q = ${inputVec(s.q)}`,
    ...labels.map((l, i) => `${l}: key=${inputVec(s.keys[i])}; value=${inputVec(s.values[i])}; dot=${exactText(r.dots[i])}; score=${exactText(r.scores[i])}; share=${exactText(r.shares[i])}; carry=[${r.carries[i].map(exactText).join(', ')}]`),
    r.all_masked ? 'every source masked: no m, Z or output'
      : r.normalizer ? `normaliser=${r.normalizer}; m=${exactText(r.max)}; shares add up to ${exactText(r.total)}` : `m=${exactText(r.max)}; Z=${exactText(r.denominator)}`,
    r.all_masked ? '' : `output=[${r.output.map(exactText).join(', ')}]`,
  ].filter(Boolean).join('\n');
}

/** The panel; onOpen() runs each time the learner opens it. draw(s, r): the state and its answer (null: none). */
export function createExactPanel(labels, onOpen) {
  const list = h('div', { class: 'exact-list' });
  const details = h('details', null, h('summary', null, 'Exact numbers behind the rounded ones'),
    h('p', { class: 'note' }, 'Under softmax, a share of exactly 0 for an allowed source means it underflowed in double precision; that is not a mask. Under sparsemax or entmax15 an exact 0 is the normaliser’s choice: that source scored too far below the top.'), list);
  details.addEventListener('toggle', () => { if (details.open) onOpen(); });
  return {
    details,
    draw(s, r) { list.textContent = r ? exactLines(s, r, labels) : ''; },
  };
}
