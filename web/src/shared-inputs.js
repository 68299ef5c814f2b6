// Inputs that two cells of one notebook share, as the explorable's source document ties them: the
// explorable's query is the held sequence's first row, and both mix the same values, so an edit
// in one shows in the other. A cell publishes its keys with what changed; a cell takes an update
// only when its own keys are the same (same sources), so unrelated cells never couple. One hub
// per drawing of a notebook (attention-notebook.js), handed to every cell as ctx.shared.

const sameRows = (a, b) => a.length === b.length && a.every((r, i) => r.length === b[i].length && r.every((x, j) => Object.is(x, b[i][j])));

export function createSharedInputs() {
  const listeners = new Set();
  return {
    /**
     * from: the publishing cell's id; fields: { keys, query?, values? } (keys: the sources they belong to).
     */
    publish(from, fields) {
      for (const l of listeners) if (l.id !== from && sameRows(l.keys(), fields.keys)) l.take(fields);
    },
    /** keys(): the cell's keys now; take(fields): apply a neighbour's query and/or values. Returns an unsubscribe. */
    subscribe(id, keys, take) {
      const l = { id, keys, take };
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}


