// Round axis ticks for the lesson charts: a step of 1, 2 or 5 times a power of ten, so the labels
// read 0, 5, 10, 15 or 0, 0.2, 0.4 instead of 0.00, 8.67, 17.3. A tick only places a gridline (the
// values themselves come from the engine, in the tables beside the charts); its label is written
// from whole numbers (mantissa and power of ten), so no float is rounded to make it. No DOM here
// (tests/unit).

/** "k × 10^e" as decimal text, exactly: (3, -1) -> "0.3", (-15, -2) -> "-0.15", (2, 3) -> "2000". */
export function decimalText(k, e) {
  if (k === 0) return '0';
  const sign = k < 0 ? '-' : '';
  const digits = String(Math.abs(k));
  if (e >= 0) return sign + digits + '0'.repeat(e);
  const padded = digits.padStart(-e + 1, '0');
  const int = padded.slice(0, padded.length + e);
  const frac = padded.slice(padded.length + e).replace(/0+$/, '');
  return sign + int + (frac ? `.${frac}` : '');
}

/**
 * Ticks covering [lo, hi] (lo < hi, finite) with at most `most` intervals: the smallest step of
 * 1, 2 or 5 × 10^e that does it. Returns { values, texts, lo, hi, step } where lo and hi are the first
 * and last tick (the axis runs between them, so it starts and ends on a round number), and
 * step the interval's text.
 */
export function niceTicks(lo, hi, most = 5) {
  if (!(hi > lo)) hi = lo + 1;
  const raw = (hi - lo) / most;
  let e = Math.floor(Math.log10(raw));
  let pick = null;
  for (let tries = 0; tries < 3 && !pick; tries += 1, e += 1) {
    for (const m of [1, 2, 5]) {
      const step = m * 10 ** e;
      const first = Math.floor(lo / step + 1e-9);
      const last = Math.ceil(hi / step - 1e-9);
      if (last - first <= most) { pick = { m, e, first, last }; break; }
    }
  }
  const { m, e: exp, first, last } = pick;
  const ks = [];
  for (let i = first; i <= last; i += 1) ks.push(i * m);
  const value = (k) => (exp >= 0 ? k * 10 ** exp : k / 10 ** -exp);
  return { values: ks.map(value), texts: ks.map((k) => decimalText(k, exp)), lo: value(first * m), hi: value(last * m), step: decimalText(m, exp) };
}
