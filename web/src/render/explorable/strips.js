// The share strips: q's shares as one bar split in the sources' colours, and under it a thin
// strip of the reference query's shares, so the comparison is visible here too.

import { h, inputVec, shownText, exactText } from '../../dom.js';
import { sourceColour } from '../colours.js';

function segments(shares, title, text = () => null) {
  return shares.map((w, i) => {
    const seg = h('div', { class: sourceColour(i), title: title(w, i) }, text(w, i));
    seg.style.flexGrow = String(Math.max(0, w.exact));
    seg.style.flexBasis = '0';
    return seg;
  });
}

export function createStrips(labels) {
  const strip = h('div', { class: 'share-strip', role: 'img', 'aria-label': 'Shares of attention' });
  const refStrip = h('div', { class: 'share-strip ref-strip', role: 'img', 'aria-label': 'Shares for the reference query' });
  const refLabel = h('p', { class: 'note ref-strip-label' }, '');
  const sharesText = (r) => labels.map((l, i) => `${l} ${shownText(r.shares[i])}`).join(', ');
  return {
    els: [strip, refStrip, refLabel],
    /** r: the engine's answer for q (null: none); ref: for the reference query refQ. */
    draw(r, ref, refQ) {
      if (!r) {
        strip.replaceChildren();
        strip.setAttribute('aria-label', 'Shares of attention: not computed');
      } else {
        strip.replaceChildren(...segments(r.shares, (w, i) => `${labels[i]}: ${shownText(w)} (exact ${exactText(w)})`,
          (w, i) => (w.exact >= 0.08 ? labels[i] : '')));
        strip.setAttribute('aria-label', r.all_masked ? 'Shares: none, every source is masked' : `Shares: ${sharesText(r)}`);
      }
      if (!ref || ref.all_masked) {
        refStrip.replaceChildren();
        refLabel.textContent = '';
        refStrip.setAttribute('aria-label', 'Shares for the reference query: none');
        return;
      }
      refStrip.replaceChildren(...segments(ref.shares, (w, i) => `reference, ${labels[i]}: ${shownText(w)}`));
      refStrip.setAttribute('aria-label', `Shares for the reference query q = ${inputVec(refQ)}: ${sharesText(ref)}`);
      refLabel.textContent = `Thin strip: the shares for the reference query q = ${inputVec(refQ)}.`;
    },
  };
}
