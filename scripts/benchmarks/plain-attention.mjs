// Shared by the bench's Node driver and its browser page: seeded inputs, plain-JavaScript
// attention (a peer), and a float64 reference for sampled rows (the correctness gate).

/** n standard normal float32 values: mulberry32 + Box-Muller (seeded, reproducible). */
export function normals(seed, n) {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;  // in (0, 1)
  };
  const out = new Float32Array(n);
  for (let i = 0; i < n; i += 2) {
    const r = Math.sqrt(-2 * Math.log(uniform()));
    const phi = 2 * Math.PI * uniform();
    out[i] = r * Math.cos(phi);
    if (i + 1 < n) out[i + 1] = r * Math.sin(phi);
  }
  return out;
}

/** q, k, v of one size (T, d), the same everywhere the bench runs. */
export function benchInputs(T, d) {
  return ['q', 'k', 'v'].map((_, t) => normals(1000 * T + 17 * d + t, T * d));
}

/**
 * Plain JavaScript attention: q (L, E), k (S, E), v (S, Ev) -> o (L, Ev). Straightforward
 * loops, one query row at a time, stable softmax; a causal row skips the keys it may not see.
 */
export function attentionJs(q, k, v, L, S, E, Ev, causal = false) {
  const scale = 1 / Math.sqrt(E);
  const o = new Float32Array(L * Ev);
  const w = new Float32Array(S);
  for (let i = 0; i < L; i++) {
    const qi = i * E, oi = i * Ev;
    const n = causal ? Math.min(S, i + 1) : S;
    let max = -Infinity;
    for (let j = 0; j < n; j++) {
      let dot = 0;
      const kj = j * E;
      for (let e = 0; e < E; e++) dot += q[qi + e] * k[kj + e];
      const a = dot * scale;
      w[j] = a;
      if (a > max) max = a;
    }
    let sum = 0;
    for (let j = 0; j < n; j++) {
      const x = Math.exp(w[j] - max);
      w[j] = x;
      sum += x;
    }
    const inv = 1 / sum;
    for (let j = 0; j < n; j++) {
      const wj = w[j] * inv;
      const vj = j * Ev;
      for (let e = 0; e < Ev; e++) o[oi + e] += wj * v[vj + e];
    }
  }
  return o;
}

/** Rows spread over 0..T-1 (first and last included): where outputs are checked. */
export function sampleRows(T, count = 8) {
  const rows = new Set([0, T - 1]);
  for (let n = 1; n < count - 1; n++) rows.add(Math.floor((n * T) / (count - 1)));
  return [...rows].sort((a, b) => a - b);
}

/** Float64 attention output rows (non-causal): one Float64Array(d) per sampled row. */
export function referenceRows(q, k, v, T, d, rows) {
  const scale = 1 / Math.sqrt(d);
  return rows.map((i) => {
    const a = new Float64Array(T);
    let max = -Infinity;
    for (let j = 0; j < T; j++) {
      let dot = 0;
      for (let e = 0; e < d; e++) dot += q[i * d + e] * k[j * d + e];
      a[j] = dot * scale;
      if (a[j] > max) max = a[j];
    }
    let sum = 0;
    for (let j = 0; j < T; j++) sum += (a[j] = Math.exp(a[j] - max));
    const o = new Float64Array(d);
    for (let j = 0; j < T; j++) for (let e = 0; e < d; e++) o[e] += (a[j] / sum) * v[j * d + e];
    return o;
  });
}

/** Largest |out[row] - reference| over the sampled rows (Infinity for NaN or a wrong size). */
export function sampledError(out, ref, rows, T, d) {
  if (!out || out.length !== T * d) return Infinity;
  let err = 0;
  rows.forEach((i, n) => {
    for (let e = 0; e < d; e++) {
      const diff = Math.abs(out[i * d + e] - ref[n][e]);
      err = Number.isNaN(diff) ? Infinity : Math.max(err, diff);
    }
  });
  return err;
}

/** Attention forward flops: 2 T^2 d for the scores and 2 T^2 d for the weighted sum of V. */
export const attentionFlops = (T, d) => 4 * T * T * d;
