// A cell's saved settings (ctx.initial: the permalink's fields for this cell, decoded by
// web/src/permalink.js). The cell types whose fields are a table in the engine get theirs checked
// there (the `restore` command, before the cell's first draw: render/index.js's restoresState);
// these checks serve what the engine leaves to the page, its view state (the row on view, the
// backend, a multiplier step): each field checked on its own, one that fails is undefined, so the
// cell keeps its default for that field alone. No DOM here (tests/unit/saved.test.mjs).

/** x if it is a whole number in [min, max]. */
export function wholeIn(x, { min, max }) {
  return Number.isInteger(x) && x >= min && x <= max ? x : undefined;
}

/**
 * The whole number a box holds ("12", " 12 "), or undefined when it holds anything else: an
 * emptied box too (Number('') is 0, so an emptied seed box used to run with seed 0), "1e3", "0x10".
 */
export function wholeText(text) {
  const t = String(text ?? '').trim();
  return /^[0-9]{1,15}$/.test(t) ? Number(t) : undefined;
}

/** x if the list has it. */
export function oneOf(x, list) {
  return list.includes(x) ? x : undefined;
}

const same = (a, b) => (Array.isArray(a) ? Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i])) : a === b);

/**
 * The fields of `now` that differ from `defaults` (what the permalink keeps: a link stays short,
 * and a cell at its defaults writes nothing).
 */
export function changedFields(now, defaults) {
  const out = {};
  for (const [k, v] of Object.entries(now)) if (v !== undefined && v !== null && !same(v, defaults[k])) out[k] = v;
  return out;
}
