// What help a learner consulted before each practice attempt, for this visit only: the hint,
// the worked step, the numbers panel, a detour through the study steps. One store per notebook
// element, made anew when the notebook is drawn (so a reload clears it). It records; it never
// scores. No DOM here (tests/unit).

export function createHelpHistory() {
  const attempts = [];
  const pending = new Map(); // practice cell id -> help kinds consulted since its last attempt
  const anywhere = []; // help consulted outside a practice cell, for the next attempt of any
  const listeners = new Set();
  const addOnce = (list, kind) => { if (!list.includes(kind)) list.push(kind); };
  const notify = () => { for (const fn of listeners) fn(attempts); };
  return {
    /** Help of `kind` was opened; for one practice cell (hint, worked step) or anywhere. */
    consult(kind, practiceId = null) {
      if (practiceId === null) addOnce(anywhere, kind);
      else {
        if (!pending.has(practiceId)) pending.set(practiceId, []);
        addOnce(pending.get(practiceId), kind);
      }
    },
    /**
     * One attempt, with the help consulted since the last attempt at this cell (and any help
     * from outside a practice since the last attempt of any cell). Returns the record.
     */
    attempt(practiceId, { title, response, correct, feedback }) {
      const help = [...(pending.get(practiceId) || [])];
      for (const kind of anywhere) addOnce(help, kind);
      pending.delete(practiceId);
      anywhere.length = 0;
      const number = attempts.filter((a) => a.practice === practiceId).length + 1;
      const record = { practice: practiceId, title: title || practiceId, attempt: number, response, correct: Boolean(correct), feedback, help };
      attempts.push(record);
      notify();
      return record;
    },
    list: () => attempts.map((a) => ({ ...a, help: [...a.help] })),
    /** The export: what was tried and what help came before it; no score. */
    toJSON() {
      return { format: 'attnbook-help-history/1', note: 'Which help was consulted before each attempt. Not a score.', attempts: this.list() };
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}
