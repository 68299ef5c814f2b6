// Where an explorable starts: the cell's shape, its defaults, and its first state, the cell's own
// with the permalink's fields (ctx.initial, each checked by the engine's restore before the first
// draw); and what the permalink keeps of a state. No DOM here.

import { changedFields } from '../saved.js';
import { copyRows } from './state.js';

/** The cell's shape and defaults: n sources, query width d, value width dv, labels, the limit on entries. */
export function explorableShape(cell, ctx) {
  const lim = ctx.limits.explorable;
  return {
    n: cell.keys.length,
    d: cell.query.length,
    dv: cell.values[0].length,
    labels: cell.labels || cell.keys.map((_, i) => String.fromCharCode(65 + i)),
    maxAbs: lim.cell.max_abs,
    normalizers: lim.normalizers,
    defaultMask: () => (cell.mask ? [...cell.mask] : cell.keys.map(() => true)),
    defaultRef: () => [...(cell.reference_query || cell.query)],
    defaultNorm: cell.normalizer || lim.defaults.normalizer,
  };
}

/** The first state: each field from the permalink where the engine kept it, else the cell's. */
export function startState(cell, saved, shape) {
  return {
    q: [...(saved?.q || cell.query)],
    mask: saved?.m ? [...saved.m] : shape.defaultMask(),
    // keys and values the learner edited (ks, vs), each kept whole or not at all
    keys: copyRows(saved?.ks || cell.keys),
    values: copyRows(saved?.vs || cell.values),
    ref: saved?.r ? [...saved.r] : shape.defaultRef(),
    norm: saved?.norm ?? shape.defaultNorm,
    result: null, // the engine's latest answer (null: none yet, or it failed)
    // The mask `result` was computed with: the learner may have changed the mask since (a drag's
    // sentence timer, an answer on its way), and a mask allowing nothing beside an answer that
    // allowed some would make its sentence read no source at all.
    resultMask: null,
    refResult: null, // ... for the reference query with the same keys, values and mask
  };
}

/** Permalink state: what differs from the cell's query, mask, keys, values, reference and normaliser. */
export function savedState(s, cell, shape) {
  return changedFields({ q: s.q, m: s.mask, ks: s.keys, vs: s.values, r: s.ref, norm: s.norm },
    { q: cell.query, m: shape.defaultMask(), ks: cell.keys, vs: cell.values, r: shape.defaultRef(), norm: shape.defaultNorm });
}

