// The explorable's one home for its state: the learner's query, mask, keys, values and
// reference query, and the engine's latest answers for them. Panels never keep a copy: they
// are handed the state and draw from it. No DOM here (tests/unit).

/**
 * @param {object} initial the starting state
 * @returns {{get(): object, set(patch: object): void, subscribe(fn: (state, changed: Set<string>) => void): () => void}}
 */
export function createState(initial) {
  let state = { ...initial };
  const listeners = new Set();
  return {
    get: () => state,
    set(patch) {
      const changed = new Set(Object.keys(patch).filter((k) => state[k] !== patch[k]));
      if (!changed.size) return;
      state = { ...state, ...patch };
      for (const fn of listeners) fn(state, changed);
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

/** Same numbers (or flags) in the same places. */
export function sameRows(a, b) {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((x, i) => (Array.isArray(x) ? sameRows(x, b[i]) : x === b[i]));
}

export const copyRows = (rows) => rows.map((r) => [...r]);

/** The state's changes the sources panel makes: a mask box, a key or value coordinate, the reset to the cell's. */
export function sourceEdits(store, cell) {
  const st = () => store.get();
  const setAt = (rows, i, j, v) => rows.map((row, r) => (r === i ? row.map((x, c) => (c === j ? v : x)) : row));
  return {
    onMask: (i, on) => store.set({ mask: st().mask.map((old, k) => (k === i ? on : old)) }),
    onKey: (i, j, v) => store.set({ keys: setAt(st().keys, i, j, v) }),
    onValue: (i, j, v) => store.set({ values: setAt(st().values, i, j, v) }),
    onResetSources: () => store.set({ keys: copyRows(cell.keys), values: copyRows(cell.values) }),
  };
}
