// A float64 reference for the GPU kernels, written here and never optimised: the spec the tests
// hold the WGSL to. Tensors are (H, T, D) row-major; causal is top-left (key j for rows i >= j).

/** One output row o[h, i, :] in float64, and the bound used by the tolerance (see below). */
export function attentionRowF64(q, k, v, { tokens: T, width: D, head, row: i, causal, scale }) {
  const base = head * T * D;
  const last = causal ? i : T - 1;
  const logits = new Float64Array(last + 1);
  let max = -Infinity;
  let logitBound = 0; // scale * max_j sum_c |q_c k_jc|: how large a logit's rounding can get
  for (let j = 0; j <= last; j++) {
    let dot = 0;
    let abs = 0;
    for (let c = 0; c < D; c++) {
      const x = q[base + i * D + c] * k[base + j * D + c];
      dot += x;
      abs += Math.abs(x);
    }
    logits[j] = scale * dot;
    logitBound = Math.max(logitBound, Math.abs(scale) * abs);
    max = Math.max(max, logits[j]);
  }
  let sum = 0;
  const weights = logits.map((a) => {
    const e = Math.exp(a - max);
    sum += e;
    return e;
  });
  const out = new Float64Array(D);
  let maxAbsV = 0;
  for (let j = 0; j <= last; j++) {
    const w = weights[j] / sum;
    for (let c = 0; c < D; c++) {
      const x = v[base + j * D + c];
      out[c] += w * x;
      maxAbsV = Math.max(maxAbsV, Math.abs(x));
    }
  }
  return { out, logitBound, maxAbsV, keys: last + 1 };
}

// Tolerance for one row, |o_gpu - o_f64| <= tol, from float32 rounding (u = 2^-24):
//  - a logit is a sum of D products: its absolute error is at most ~(D + 1) u * logitBound
//    (the scale folded into q adds one more rounding); a weight exp(a_j - m) / l then has a
//    relative error of about twice the logit error (numerator and the max/denominator it shares);
//  - WGSL's exp is allowed 3 + 2|x| ULP (WGSL spec, 'exp' accuracy); |x| <= 2 * logitBound;
//  - the denominator and the output each sum `keys` float32 terms: relative error up to keys * u
//    apiece (the online rescaling adds a few roundings per tile, inside the constant 16).
// Each relative error of the weights moves the output by at most max|v| times it, so
//    tol = max|v| * u * (4 (D + 1) logitBound + 3 + 4 logitBound + 2 keys + 16).
// This is a worst case; measured errors are 10-1000x smaller (the tests print them). A wrong
// kernel (a skipped tile, a wrong mask, a missed rescale) errs by O(max|v|), far above it.
export const U32 = 2 ** -24;
export function rowTolerance({ logitBound, maxAbsV, keys }, width) {
  return maxAbsV * U32 * (4 * (width + 1) * logitBound + 3 + 4 * logitBound + 2 * keys + 16);
}

/** Deterministic inputs (mulberry32 + Box-Muller), independent of the engine's generator. */
export function randomTensor(n, seed, scale = 1) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const u1 = next() || 1e-12;
    out[i] = scale * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * next());
  }
  return out;
}
