// A practice question. The reader's answer goes to the engine's check_practice as typed (a
// typed answer as its trimmed text, which the engine parses: "0.284", "2.84e-1", "284/1000"; a
// choice as the option's index), and the engine's verdict and feedback are shown. The element
// hears about each attempt through ctx.onPractice(correct) and fires the `practice` event.

import { h, uniqueId } from '../dom.js';
import { renderMarkdown } from './prose.js';
import { loadMarkdownParser } from '../markdown/load.js';

export function renderPractice(cell, ctx) {
  const el = h('div', { class: 'practice' });
  const id = uniqueId('practice');
  const answer = cell.answer || {};
  const feedback = h('div', { class: 'feedback', hidden: true, 'aria-live': 'polite' });
  const md = (text) => renderMarkdown(text, { headingBase: ctx.headingBase ?? 3, typesetter: ctx.typesetter });
  const prompt = h('div', { class: 'prompt prose', id: `${id}-prompt` }, md(cell.prompt));
  let readResponse;
  let inputArea;
  if (answer.kind === 'choice') {
    const name = `${id}-choice`;
    const radios = answer.options.map((option, index) => {
      const input = h('input', { type: 'radio', name, value: String(index), id: `${name}-${index}` });
      return { input, row: h('div', { class: 'choice' }, input, h('label', { for: `${name}-${index}` }, ...renderMarkdownInline(option, ctx))) };
    });
    inputArea = h('fieldset', { 'aria-describedby': `${id}-prompt` },
      h('legend', { class: 'visually-hidden' }, 'Choose one answer'), radios.map((r) => r.row));
    readResponse = () => {
      const picked = radios.findIndex((r) => r.input.checked);
      return picked < 0 ? { error: 'Pick one of the options first.' } : { value: picked };
    };
  } else {
    const input = h('input', { type: 'text', inputmode: 'decimal', id: `${id}-input`, autocomplete: 'off', spellcheck: 'false', 'aria-describedby': `${id}-prompt` });
    inputArea = h('div', { class: 'row' }, h('label', { for: `${id}-input` }, 'Your answer'), input);
    // The engine parses the text (decimals, exponents, fractions) and says what is wrong with it.
    readResponse = () => ({ value: input.value.trim() });
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); check(); } });
  }
  const button = h('button', { type: 'button', class: 'primary' }, 'Check');
  const hint = cell.hint ? h('details', null, h('summary', null, 'Hint'), h('div', { class: 'prose' }, md(cell.hint))) : null;
  const worked = cell.worked ? h('details', null, h('summary', null, 'Worked step'), h('div', { class: 'prose' }, md(cell.worked))) : null;
  // Opening help is recorded for the next attempt (the help history, never a score).
  hint?.addEventListener('toggle', () => { if (hint.open) ctx.help?.consult('hint', ctx.cellId); });
  worked?.addEventListener('toggle', () => { if (worked.open) ctx.help?.consult('worked step', ctx.cellId); });
  const responseText = (value) => (answer.kind === 'choice' ? String(answer.options[value] ?? value) : String(value));

  async function check() {
    const response = readResponse();
    feedback.hidden = false;
    if (response.error) {
      feedback.className = 'feedback';
      feedback.replaceChildren(h('span', null, response.error));
      return;
    }
    button.disabled = true;
    try {
      const r = await ctx.call('check_practice', { cell, response: response.value });
      // The engine's feedback is Markdown made now (it may hold numbers), so markdown-it reads it:
      // on a shipped lesson that is the first time the page loads it (../markdown/load.js).
      if (r.feedback) await loadMarkdownParser();
      feedback.className = `feedback ${r.correct ? 'correct' : 'incorrect'}`;
      // The engine's feedback may open with its own verdict ("Correct: 0.284 is right"): say it once.
      const saysVerdict = /^(Correct|Not quite)\b/.test(r.feedback || '');
      feedback.replaceChildren(...[
        saysVerdict ? null : h('strong', null, r.correct ? 'Correct.' : 'Not yet.'),
        r.feedback ? h('div', { class: 'prose' }, md(r.feedback)) : null,
        r.correct && cell.explanation ? h('div', { class: 'prose' }, md(cell.explanation)) : null,
      ].filter(Boolean));
      ctx.help?.attempt(ctx.cellId, { title: cell.title, response: responseText(response.value), correct: r.correct, feedback: r.feedback || '' });
      ctx.onPractice?.(Boolean(r.correct));
    } catch (err) {
      feedback.className = 'feedback incorrect';
      feedback.replaceChildren(h('span', null, `The engine could not check this answer: ${err.message}`));
    } finally {
      button.disabled = false;
    }
  }
  button.addEventListener('click', check);
  // A typed answer has its Check button beside the field; choices get theirs below the list.
  // (Element.append would write a missing hint as the text "null": leave it out instead.)
  const parts = answer.kind === 'choice'
    ? [prompt, inputArea, h('div', { class: 'row' }, button), hint, worked, feedback]
    : [prompt, inputArea, hint, worked, feedback];
  if (answer.kind !== 'choice') inputArea.append(button);
  el.append(...parts.filter(Boolean));
  return { el };
}

function renderMarkdownInline(text, ctx) {
  // An option is a one-line Markdown string: take the nodes out of the paragraph.
  const frag = renderMarkdown(text, { headingBase: ctx.headingBase ?? 3, typesetter: ctx.typesetter });
  const p = frag.firstChild;
  return p && p.nodeName === 'P' && frag.childNodes.length === 1 ? [...p.childNodes] : [frag];
}
