// Each step of the row as a formula beside the Python lines that compute it, as the transformer
// block shows its steps, the formulas above their lines (a program's lines are too long to sit
// beside them). Both come from the engine's `python` command (its `steps`: each step's equations
// for this divisor, width and mask, and the program's own lines), so the lines shown are the lines
// the exported program runs. An equation never breaks inside itself. Asked for only while open.

import { h } from '../../dom.js';
import { renderTex, loadKatex } from '../maths.js';
import { whileOpen } from './python-answer.js';

const TITLES = { match: 'Match and scale', share: 'Share one denominator', mix: 'Carry the values, add them up' };

/** answer: the shared `python` answer for the state now (python-answer.js). */
export function createFormulaPairs({ answer }) {
  const list = h('ol', { class: 'block-steps formula-pairs' });
  const note = h('p', { class: 'note' }, '');
  const details = h('details', { class: 'pairs' }, h('summary', null, 'The formula and its Python, step by step'), list, note);
  // KaTeX is loaded with the answer: the steps are formulas.
  const answerAndKatex = async () => (await Promise.all([answer(), loadKatex()]))[0];
  const refresh = whileOpen(details, answerAndKatex, {
    draw(r) {
      note.textContent = 'The lines are the program’s own (“The same calculation in Python” below has all of it).';
      list.replaceChildren(...r.steps.map((s, i) => h('li', { class: 'block-step', 'data-step': s.step },
        h('p', { class: 'step-title' }, `${i + 1} · ${TITLES[s.step] || s.step}`),
        h('div', { class: 'pair' },
          h('div', { class: 'formula' }, s.tex.map((tex) => h('span', { class: 'part' }, renderTex(tex, { display: false })))),
          h('pre', { class: 'python-line' }, h('code', null, s.python))))));
    },
    fail(err) {
      list.replaceChildren();
      note.textContent = `The engine could not write the steps: ${err.message}`;
    },
  });
  return { details, refresh };
}
