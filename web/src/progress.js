// A progress bar that only appears when work runs longer than `delay` ms (default 200),
// so quick engine calls never flash a bar.

import { h } from './dom.js';

export function createProgress(label, { delay = 200 } = {}) {
  const bar = h('progress', { max: '1', 'aria-label': label });
  const text = h('span', null, label);
  const el = h('div', { class: 'progress', hidden: true }, text, bar);
  let timer = null;
  return {
    el,
    begin() {
      clearTimeout(timer);
      bar.removeAttribute('value'); // indeterminate until the first fraction arrives
      timer = setTimeout(() => { el.hidden = false; }, delay);
    },
    update(fraction) {
      if (Number.isFinite(fraction)) bar.value = Math.min(1, Math.max(0, fraction));
    },
    end() {
      clearTimeout(timer);
      el.hidden = true;
    },
  };
}
