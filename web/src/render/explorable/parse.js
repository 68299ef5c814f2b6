// Reading what a learner types into a number box, before anything reaches the engine. A box
// that cannot be read is refused in place (the caller shows the message and sets aria-invalid);
// the numbers on the page stay those of the last accepted state. No DOM here (tests/unit).

/**
 * @param {string} text what the box holds
 * @param {number} maxAbs the largest |x| a cell allows (the engine's limit, from `limits`)
 * @returns {{ok: true, value: number} | {ok: false, message: string}}
 */
export function parseEntry(text, maxAbs) {
  const t = String(text ?? '').trim();
  if (t === '') return { ok: false, message: 'Type a number here.' };
  // Number('') is 0 and Number('0x10') is 16: accept plain decimals only.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return { ok: false, message: `“${short(t)}” is not a number.` };
  const value = Number(t);
  if (!Number.isFinite(value) || Math.abs(value) > maxAbs) {
    return { ok: false, message: `${short(t)} is out of range: use a number from ${-maxAbs} to ${maxAbs}.` };
  }
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

function short(t) {
  return t.length > 24 ? `${t.slice(0, 23)}…` : t;
}

/** A vector as the boxes write it back: "2" not "2.0", "-0.5". */
export function entryText(x) {
  return String(x);
}
