// The mix panel: value space with the values (thin, faded), the region o can reach (the hull
// of the allowed values), and, once the engine has answered, each allowed source's carry w·v
// drawn tip to tail as a bold arrow with its head, ending at the output o.

import { h, s, inputVec, vecText } from '../../dom.js';
import { createPlane, arrow } from '../plane.js';
import { extentFor, hull } from '../geometry.js';

export function createValuePlane({ labels, colour }) {
  const plane = createPlane({ label: 'Value space', extent: 2 });
  const figure = h('figure', { class: 'plane' }, plane.svg,
    h('figcaption', null, 'Mix: value space. Faint arrows are the values; bold arrows are the carries w·v, added tip to tail. The teal dot is o, always inside the shaded region; the dashed ring is o for the reference query. ', plane.scaleEl));

  // refResult: the engine's answer for the reference query (same keys, values, mask): its output
  // is drawn as the dashed ring the key plane uses for the reference query.
  function draw(st, result, refResult = null) {
    const out = result && !result.all_masked ? result.output.map((x) => x.exact) : null;
    const refOut = refResult && !refResult.all_masked ? refResult.output.map((x) => x.exact) : null;
    plane.setExtent(extentFor([...st.values, ...(out ? [out] : []), ...(refOut ? [refOut] : [])], 2));
    const p = plane;
    const g = [];
    const region = hull(st.values.filter((_, i) => st.mask[i]));
    if (region.length >= 3) g.push(s('polygon', { class: 'hull', points: region.map(([x, y]) => `${p.toX(x)},${p.toY(y)}`).join(' ') }));
    else if (region.length === 2) g.push(s('line', { class: 'hull', x1: p.toX(region[0][0]), y1: p.toY(region[0][1]), x2: p.toX(region[1][0]), y2: p.toY(region[1][1]) }));
    st.values.forEach((v, i) => g.push(arrow(p, [0, 0], v, `value ${colour(i)}${st.mask[i] ? '' : ' masked'}`, { label: `v${labels[i]}`, dashed: !st.mask[i] })));
    let label = `Value space. Values: ${labels.map((l, i) => `${l} ${inputVec(st.values[i])}`).join(', ')}.`;
    if (result && !result.all_masked) {
      let at = [0, 0];
      let last = null;
      result.carries.forEach((c, i) => {
        if (!st.mask[i]) return;
        const next = [at[0] + c[0].exact, at[1] + c[1].exact];
        g.push(arrow(p, at, next, `carry ${colour(i)}`));
        last = [at, next];
        at = next;
      });
      // o's label sits off to the side of the last carry, so the carry does not read as a leader line.
      let dx = 0; let dy = -1;
      if (last) {
        const ux = p.toX(last[1][0]) - p.toX(last[0][0]); const uy = p.toY(last[1][1]) - p.toY(last[0][1]);
        const len = Math.hypot(ux, uy);
        if (len > 0.5) { dx = -uy / len; dy = ux / len; }
      }
      const ox = p.toX(out[0]); const oy = p.toY(out[1]);
      g.push(s('circle', { class: 'out-dot', cx: ox, cy: oy, r: 6 }),
        s('text', { class: 'output', x: ox + dx * 16, y: oy + dy * 16 + 4, 'text-anchor': 'middle' }, 'o'));
      label += ` Carries drawn tip to tail end at the output o = ${vecText(result.output)}.`;
    } else if (result?.all_masked) {
      label += ' Every source is masked: no output.';
    }
    if (refOut) {
      g.push(s('circle', { class: 'ref-ring', cx: p.toX(refOut[0]), cy: p.toY(refOut[1]), r: 9 }));
      label += ` The dashed ring is the output for the reference query, ${vecText(refResult.output)}.`;
    }
    p.layer.replaceChildren(...g);
    plane.svg.setAttribute('aria-label', `${label} ${plane.scaleEl.textContent}`);
  }
  return { figure, draw, plane };
}
