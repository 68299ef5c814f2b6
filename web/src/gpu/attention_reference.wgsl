// attention_reference_3pass: the readable GPU reference, one pass of the formula per entry point,
// one head per dispatch. It materialises the (T, T) weights, so it is for checking and teaching,
// not for long sequences (the host refuses it when T * T * 4 bytes exceed the adapter's limits).
//
// Shapes (row-major; `base` selects the head):
//   q, k, v, o are (H, T, D)    w is (T, T), this head's logits, then its weights
//   pass 1  scores:   w[i, j] = scale * <q_i, k_j>      (causal: j > i gets LOWEST, weight 0)
//   pass 2  softmax:  w[i, :] = exp(w[i, :] - max) / sum(exp(w[i, :] - max))   one row per invocation
//   pass 3  mix:      o[i, c] = sum_j w[i, j] * v[j, c]

const LOWEST: f32 = -3.4028234663852886e38;  // the most negative float32: exp(LOWEST - max) = 0
// SIDE (scores and mix: SIDE x SIDE invocations per workgroup) and ROWS (softmax) are u32
// constants the host appends to this text: web/src/gpu/tiles.js.

struct Params {
  tokens: u32,
  width: u32,
  heads: u32,
  causal: u32,
  scale: f32,
  head: u32,  // which head this dispatch computes
  pad0: u32,
  pad1: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> q: array<f32>;
@group(0) @binding(2) var<storage, read> k: array<f32>;
@group(0) @binding(3) var<storage, read> v: array<f32>;
@group(0) @binding(4) var<storage, read_write> o: array<f32>;
@group(0) @binding(5) var<storage, read_write> w: array<f32>;

// Pass 1: invocation (j, i) computes one logit.
@compute @workgroup_size(SIDE, SIDE)
fn scores(@builtin(global_invocation_id) id: vec3<u32>) {
  let T = p.tokens;
  let D = p.width;
  let j = id.x;
  let i = id.y;
  if (i >= T || j >= T) { return; }
  if (p.causal == 1u && j > i) {
    w[i * T + j] = LOWEST;
    return;
  }
  let base = p.head * T * D;
  var dot = 0.0;
  for (var c = 0u; c < D; c++) { dot += q[base + i * D + c] * k[base + j * D + c]; }
  w[i * T + j] = p.scale * dot;
}

// Pass 2: invocation i normalises row i in place (maximum first, so exp never overflows).
@compute @workgroup_size(ROWS)
fn softmax(@builtin(global_invocation_id) id: vec3<u32>) {
  let T = p.tokens;
  let i = id.x;
  if (i >= T) { return; }
  var row_max = LOWEST;
  for (var j = 0u; j < T; j++) { row_max = max(row_max, w[i * T + j]); }
  var sum = 0.0;
  for (var j = 0u; j < T; j++) {
    let e = exp(w[i * T + j] - row_max);
    w[i * T + j] = e;
    sum += e;
  }
  for (var j = 0u; j < T; j++) { w[i * T + j] = w[i * T + j] / sum; }
}

// Pass 3: invocation (c, i) computes one output number.
@compute @workgroup_size(SIDE, SIDE)
fn mix(@builtin(global_invocation_id) id: vec3<u32>) {
  let T = p.tokens;
  let D = p.width;
  let c = id.x;
  let i = id.y;
  if (i >= T || c >= D) { return; }
  let base = p.head * T * D;
  var sum = 0.0;
  for (var j = 0u; j < T; j++) { sum += w[i * T + j] * v[base + j * D + c]; }
  o[base + i * D + c] = sum;
}
