// Scales of the explorable's drawings: the grid step of a plane and the words that name it,
// and the range of the score number line. No DOM here (tests/unit).

/** Grid interval for a square view of half-width `extent`: 1 up to 6, then a "nice" step. */
export function gridStep(extent) {
  if (extent <= 6) return 1;
  const raw = extent / 6;
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * pow >= raw) return m * pow;
  return 10 * pow;
}

/** "Each grid interval is 1 unit on both axes." */
export function scaleText(step) {
  return `Each grid interval is ${step} ${step === 1 ? 'unit' : 'units'}, the same on both axes.`;
}

/** Tick values from -extent to extent at `step`, 0 left out (the axes cross there). */
export function ticks(extent, step) {
  const out = [];
  for (let v = -Math.floor(extent / step) * step; v <= extent + 1e-9; v += step) {
    const t = Math.round(v / step) * step;
    if (t !== 0) out.push(t);
  }
  return out;
}

/**
 * The number line's half-range for these scores: 4.5 by default, growing in whole steps so
 * every score (finite ones) stays on the line with half a unit to spare.
 */
export function lineRange(scores, min = 4.5) {
  let r = min;
  for (const s of scores) if (Number.isFinite(s)) r = Math.max(r, Math.ceil(Math.abs(s)) + 0.5);
  return r;
}
