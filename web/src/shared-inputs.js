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



/**
 * One cell's link to the hub (shared: ctx.shared, absent on a page without one). toPatch(fields, state)
 * turns a neighbour's fields into a patch of the cell's store; publish(fields) tells the neighbours
 * of a change, except one that came from them while it is applied (no echo back).
 */
export function linkShared(shared, id, store, keys, toPatch) {
  let taking = false;
  shared?.subscribe(id, keys, (fields) => {
    taking = true;
    try { store.set(toPatch(fields, store.get())); } finally { taking = false; }
  });
  return {
    publish(fields) { if (!taking) shared?.publish(id, fields); },
  };
}
