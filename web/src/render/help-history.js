// The help history of this visit: each practice attempt with its own feedback and the help
// consulted before it. Shown, exportable as JSON, cleared on reload; never a score.

import { h, keyboardScrollable } from '../dom.js';
import { renderMarkdown } from './prose.js';

export function renderHelpHistory(cell, ctx) {
  const list = h('ol', { class: 'help-list', 'aria-live': 'polite' });
  const empty = h('p', { class: 'note' }, 'No attempts yet. Each practice answer you check appears here with the help you opened before it.');
  const json = h('code', null, '');
  const download = h('button', { type: 'button' }, 'Export as JSON');
  const jsonView = h('details', null, h('summary', null, 'The history as JSON'), keyboardScrollable(h('pre', null, json)));
  const el = h('div', { class: 'help-history' },
    h('p', { class: 'note' }, 'This records which help you used, not how well you did. Reloading the page clears it.'),
    empty, list, h('div', { class: 'row' }, download), jsonView);
  const history = ctx.help;

  function draw(attempts) {
    empty.hidden = attempts.length > 0;
    list.replaceChildren(...attempts.map((a) => h('li', { class: a.correct ? 'right' : 'not-yet' },
      h('strong', null, `${a.title}, attempt ${a.attempt}: `), h('code', null, a.response), ` — ${a.correct ? 'correct' : 'not yet'}`,
      // The engine's feedback is the lesson's Markdown with maths, drawn as the practice cell draws
      // it (raw "$e^{s}$" otherwise); the JSON export keeps the text as written.
      h('div', { class: 'attempt-feedback prose' }, renderMarkdown(a.feedback, { headingBase: 6 })),
      h('div', { class: 'attempt-help' }, a.help.length ? `Help opened before it: ${a.help.join(', ')}.` : 'No help opened before it.'))));
    json.textContent = JSON.stringify(history.toJSON(), null, 2);
  }
  download.addEventListener('click', () => {
    const blob = new Blob([JSON.stringify(history.toJSON(), null, 2)], { type: 'application/json' });
    const a = h('a', { href: URL.createObjectURL(blob), download: 'attnbook-help-history.json' });
    el.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  });
  if (!history) {
    el.replaceChildren(h('p', { class: 'note' }, 'The help history is kept by the notebook element; this page has none.'));
    return { el };
  }
  let stop = null;
  // On the page the list follows the history; off it, it stops listening.
  const follow = () => {
    if (!stop) stop = history.subscribe(() => draw(history.list()));
    draw(history.list());
  };
  return {
    el,
    activate: follow,
    resume: follow,
    dispose() {
      stop?.();
      stop = null;
    },
  };
}
