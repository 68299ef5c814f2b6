// The depth switch: a segmented control built from native radio buttons (arrow keys move
// between depths, the group has a visible legend).

import { h, uniqueId } from './dom.js';

const NAMES = { beginner: 'Beginner', developer: 'Developer', researcher: 'Researcher' };
const HINTS = { beginner: 'no maths, plain words', developer: 'code and measurements', researcher: 'maths and papers' };

export function createDepthControl(depths, onChange) {
  const name = uniqueId('depth');
  const inputs = new Map();
  const segments = h('div', { class: 'segments' }, depths.map((depth) => {
    const input = h('input', { type: 'radio', name, value: depth });
    input.addEventListener('change', () => { if (input.checked) onChange(depth); });
    inputs.set(depth, input);
    return h('label', { title: HINTS[depth] || '' }, input, h('span', null, NAMES[depth] || depth));
  }));
  const el = h('fieldset', { class: 'depth' }, h('legend', null, 'Depth'), segments);
  return {
    el,
    set(depth) {
      for (const [d, input] of inputs) input.checked = d === depth;
    },
  };
}
