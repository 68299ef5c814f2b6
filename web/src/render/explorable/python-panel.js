// "The same calculation in Python": the engine writes the program for the current state; the
// panel shows it (only while open) with a button that copies it.

import { h, keyboardScrollable } from '../../dom.js';
import { foldHelper } from './python-fold.js';
import { whileOpen } from './python-answer.js';

/** answer: the shared `python` answer for the state now (python-answer.js). */
export function createPythonPanel({ answer }) {
  const code = h('code', null, '');
  const helperCode = h('code', null, '');
  const helper = h('details', { class: 'python-helper', hidden: true }, h('summary', null, 'The folded helper engine_exp'),
    keyboardScrollable(h('pre', null, helperCode)));
  let program = '';
  const status = h('span', { class: 'copy-status', role: 'status' }, '');
  const copy = h('button', { type: 'button', class: 'copy' }, 'Copy the program');
  const details = h('details', null, h('summary', null, 'The same calculation in Python'),
    h('div', { class: 'row' }, copy, status), keyboardScrollable(h('pre', null, code)), helper);
  const refresh = whileOpen(details, answer, {
    draw(r) {
      program = r.program;
      const folded = foldHelper(program);
      code.textContent = folded.main;
      helperCode.textContent = folded.helper || '';
      helper.hidden = !folded.helper;
    },
    fail(err) {
      program = '';
      code.textContent = `# the engine could not write the program: ${err.message}`;
      helper.hidden = true;
    },
  });
  copy.addEventListener('click', async () => {
    try {
      if (!program) throw new Error('nothing to copy');
      await navigator.clipboard.writeText(program);
      status.textContent = 'Copied.';
    } catch {
      // No clipboard (permission, an insecure page): select the text so the keyboard can copy it.
      const range = document.createRange();
      range.selectNodeContents(code);
      const sel = code.getRootNode().getSelection?.() || window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      status.textContent = 'The page may not use the clipboard here: the program is selected, press Ctrl+C (⌘C) to copy it.';
    }
  });
  return { details, refresh };
}
