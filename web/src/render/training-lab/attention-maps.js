// Every head's attention on the probe, one small heatmap per (layer, head): row t is the query at
// position t, column u the source it looks at, the colour the engine's weight (0 uncoloured, 1 full).
// Causal: above the diagonal nothing (the engine's weights there are exactly 0). The rectangles are
// made once per shape and only recoloured as the run trains, so a redraw costs little whatever the
// size. Each map's text alternative names, row by row, the source with the largest weight.

import { h, s, shownText } from '../../dom.js';

const CELL = 12, OFF = 18;

export function createAttentionMaps() {
  const el = h('div', { class: 'attention-maps' });
  let shape = ''; // "layers x heads x T": rebuilt when it changes
  let maps = [];  // [{ svg, rects[t][u], caption }]

  function build(layers, heads, probe) {
    const T = probe.length;
    maps = [];
    el.replaceChildren();
    const labels = T <= 20;
    for (let l = 0; l < layers; l++) {
      for (let hd = 0; hd < heads; hd++) {
        const size = OFF + T * CELL;
        const svg = s('svg', { viewBox: `0 0 ${size} ${size}`, class: 'attention-map', role: 'img' });
        const rects = [];
        for (let t = 0; t < T; t++) {
          const row = [];
          for (let u = 0; u <= t; u++) {
            svg.append(s('rect', { x: OFF + u * CELL, y: OFF + t * CELL, width: CELL - 1, height: CELL - 1, class: 'heat-empty' }));
            const r = s('rect', { x: OFF + u * CELL, y: OFF + t * CELL, width: CELL - 1, height: CELL - 1, class: 'pos', 'fill-opacity': '0' });
            svg.append(r);
            row.push(r);
          }
          rects.push(row);
        }
        if (labels) {
          probe.forEach((tok, i) => {
            svg.append(s('text', { class: 'tick-label', x: OFF + i * CELL + CELL / 2, y: OFF - 5, 'text-anchor': 'middle' }, String(tok)));
            svg.append(s('text', { class: 'tick-label', x: OFF - 4, y: OFF + i * CELL + CELL / 2 + 3, 'text-anchor': 'end' }, String(tok)));
          });
        }
        const caption = h('figcaption', null, layers > 1 ? `layer ${l + 1}, head ${hd + 1}` : `head ${hd + 1}`);
        el.append(h('figure', { class: 'attention-figure' }, svg, caption));
        maps.push({ svg, rects, name: caption.textContent });
      }
    }
  }

  return {
    el,
    /** attention: the engine's [layer][head][t][u] pairs; probe: the tokens (the maps' labels). */
    update(attention, probe, stepText) {
      const layers = attention.length, heads = attention[0].length;
      const key = `${layers}x${heads}x${probe.join(',')}`;
      if (key !== shape) {
        build(layers, heads, probe);
        shape = key;
      }
      let i = 0;
      for (let l = 0; l < layers; l++) {
        for (let hd = 0; hd < heads; hd++, i++) {
          const { svg, rects, name } = maps[i];
          const rows = attention[l][hd];
          const strongest = [];
          rows.forEach((row, t) => {
            let best = 0;
            for (let u = 0; u <= t; u++) {
              rects[t][u].setAttribute('fill-opacity', Math.max(0, Math.min(1, row[u].exact)).toFixed(3));
              if (row[u].exact > row[best].exact) best = u;
            }
            strongest.push(`${t + 1}→${best + 1} (${shownText(row[best])})`);
          });
          svg.setAttribute('aria-label', `Attention of ${name} at ${stepText}, on the probe ${probe.join(' ')}: each position's strongest source (position→source, weight): ${strongest.join(', ')}.`);
        }
      }
    },
    clear() {
      shape = '';
      maps = [];
      el.replaceChildren();
    },
  };
}
