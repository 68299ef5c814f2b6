// Step-by-step study: "Step 1 of 4", each step a short text with its question and a check the
// engine grades (the practice renderer, reused). Back / Next move between steps; the step is
// kept in the permalink (step.<cellId>), and moving counts as a study detour in the help history.

import { h } from '../dom.js';
import { renderMarkdown } from './prose.js';
import { renderPractice } from './practice.js';

export function renderStudy(cell, ctx) {
  const steps = cell.steps;
  const total = steps.length;
  const initial = Number.isInteger(ctx.initial?.step) && ctx.initial.step >= 1 && ctx.initial.step <= total ? ctx.initial.step : 1;
  let step = initial;
  const md = (text) => renderMarkdown(text, { headingBase: (ctx.headingBase ?? 3) + 1, typesetter: ctx.typesetter });
  const views = steps.map((s, i) => {
    const practice = renderPractice({ type: 'practice', title: `Study step ${i + 1}: ${s.title}`, prompt: s.check.prompt, answer: s.check.answer, hint: s.check.hint },
      { ...ctx, cellId: `${ctx.cellId}-step-${i + 1}`, onPractice: null });
    return h('div', { class: 'study-step', hidden: i + 1 !== step, role: 'group', 'aria-label': `Step ${i + 1} of ${total}: ${s.title}` },
      h('div', { class: 'prose' }, md(s.text)),
      h('div', { class: 'study-check' }, h('p', { class: 'check-label' }, 'Check'), practice.el));
  });
  const counter = h('p', { class: 'study-counter', 'aria-live': 'polite' });
  const back = h('button', { type: 'button' }, 'Back');
  const next = h('button', { type: 'button', class: 'primary' }, 'Next');
  const progress = h('progress', { max: String(total), value: String(step), 'aria-hidden': 'true' });
  const el = h('div', { class: 'study' }, counter, progress, views, h('div', { class: 'row study-nav' }, back, next));

  function show() {
    views.forEach((v, i) => { v.hidden = i + 1 !== step; });
    counter.textContent = `Step ${step} of ${total} · ${steps[step - 1].title}`;
    progress.value = step;
    // aria-disabled, not disabled: the button stays in the Tab order and says why it does nothing.
    back.setAttribute('aria-disabled', String(step === 1));
    next.setAttribute('aria-disabled', String(step === total));
  }
  function go(to) {
    if (to < 1 || to > total || to === step) return;
    step = to;
    show();
    ctx.help?.consult('study steps');
    ctx.onStateChange?.();
  }
  back.addEventListener('click', () => go(step - 1));
  next.addEventListener('click', () => go(step + 1));
  show();
  return {
    el,
    getState: () => ({ step }),
    isDefault: () => step === 1,
  };
}
