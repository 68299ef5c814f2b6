// attention_flash_br{BR}_bc{BC}_vec4: FlashAttention-style forward pass, one query row per invocation,
// the head's numbers handled four at a time (vec4: one quarter of the loop trips and vector loads
// from workgroup memory; the scalar version before it, in git history, measured 1.4x slower under
// SwiftShader at T = 256, D = 64). Widths that are not a multiple of 4 are zero-padded in
// registers and in the tiles, which changes no dot product and no output.
//
// Shapes (row-major, one head after another):
//   q, k, v, o are (H, T, D)    H = p.heads, T = p.tokens, D = p.width <= MAX_D
// A workgroup owns BR query rows of one head (workgroup p.first_group + workgroup_id.x, counted
// head by head, row block by row block) and walks the keys BC at a time: the K and V tile sit in
// workgroup memory, loaded once and read by all BR rows. Each row keeps, in registers, the running maximum
// m, the running denominator l and the unnormalised output acc (online softmax; Milakov &
// Gimelshein 2018, FlashAttention-2's loop order, Dao 2023 Alg. 1):
//   for each key tile:  s_j   = scale * <q, k_j>                 (pass 1: logits of the tile)
//                       m'    = max(m, max_j s_j)
//                       c     = exp(m - m')                       (rescales what came before)
//                       l     = c * l + sum_j exp(s_j - m')       (pass 2: softmax, unnormalised)
//                       acc   = c * acc + sum_j exp(s_j - m') v_j (pass 3: mix)
//   at the end:         o     = acc / l
// One dispatch walks only the keys [p.key_begin, p.key_end), so that the host can bound the work of
// each submission on any adapter (a GPU cannot be stopped inside a submission: Cancel waits for
// what was submitted, and a 16384-token dispatch was minutes of work under SwiftShader). Between
// key ranges a row's m and l wait in `state` and its unnormalised acc in o; the range that reaches
// the row block's last key writes o = acc / l. Ranges start at multiples of BC, so the tiles, and
// every rounding, are the same however the keys are split: the output does not depend on it.
// No T x T matrix exists anywhere: memory is the four (H, T, D) buffers and (H, T) pairs for the
// state, linear in T.
// Causal (top-left aligned, as tril(ones(T, T))): key j is seen by row i when j <= i; a row
// block stops at its last row's key, so the tiles above the diagonal are never loaded.

// MAX_D (largest head width: the host refuses p.width > MAX_D), BR (query rows per workgroup =
// invocations per workgroup) and BC (keys per tile) are u32 constants the host appends to this
// text (web/src/gpu/tiles.js).

struct Params {
  tokens: u32,
  width: u32,
  heads: u32,
  causal: u32,       // 1: key j only for rows i >= j
  scale: f32,        // the divisor's inverse: 1/sqrt(D), or 1
  first_group: u32,  // (head, row block) of workgroup 0, as head * blocks + block
  key_begin: u32,    // this dispatch's keys: [key_begin, key_end), key_begin a multiple of BC
  key_end: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> q: array<f32>;
@group(0) @binding(2) var<storage, read> k: array<f32>;
@group(0) @binding(3) var<storage, read> v: array<f32>;
@group(0) @binding(4) var<storage, read_write> o: array<f32>;
@group(0) @binding(5) var<storage, read_write> state: array<vec2<f32>>;  // (H, T): m, l between key ranges

var<workgroup> k_tile: array<vec4<f32>, BC * MAX_D / 4u>;  // (BC, MAX_D / 4): keys t0 .. t0 + BC - 1, zero past D
var<workgroup> v_tile: array<vec4<f32>, BC * MAX_D / 4u>;  // (BC, MAX_D / 4)

@compute @workgroup_size(BR)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let T = p.tokens;
  let D = p.width;
  let blocks = (T + BR - 1u) / BR;
  let group = wg.x + p.first_group;
  let head = group / blocks;
  let block = group % blocks;
  // The same key range for every invocation of the workgroup (barriers stay uniform).
  var block_end = T;
  if (p.causal == 1u) { block_end = min(T, (block + 1u) * BR); }
  let k_begin = p.key_begin;
  let k_end = min(p.key_end, block_end);
  if (head >= p.heads || k_begin >= k_end) { return; }  // nothing of this block in the range
  let row = block * BR + lid;
  let valid = row < T;
  let base = head * T * D;  // this head's first element
  let at = head * T + row;  // this row's state

  let D4 = (D + 3u) / 4u;            // vec4 columns; the last one zero-padded past D
  var qrow: array<vec4<f32>, MAX_D / 4u>;  // (D4) this row's query, scale folded in
  var acc: array<vec4<f32>, MAX_D / 4u>;   // (D4) unnormalised output
  if (valid) {
    for (var c4 = 0u; c4 < D4; c4++) {
      var x = vec4<f32>(0.0);
      for (var i = 0u; i < 4u; i++) {
        let c = c4 * 4u + i;
        if (c < D) { x[i] = q[base + row * D + c] * p.scale; }
      }
      qrow[c4] = x;
      acc[c4] = vec4<f32>(0.0);
    }
  }
  var m = 0.0;        // running maximum (meaningful once seen is true)
  var l = 0.0;        // running denominator
  var seen = false;   // at least one key so far
  if (valid && k_begin > 0u) {
    // Resume where the previous range stopped: every row has seen key 0 by now.
    let ml = state[at];
    m = ml.x;
    l = ml.y;
    seen = true;
    for (var c4 = 0u; c4 < D4; c4++) {
      var x = vec4<f32>(0.0);
      for (var i = 0u; i < 4u; i++) {
        let c = c4 * 4u + i;
        if (c < D) { x[i] = o[base + row * D + c]; }
      }
      acc[c4] = x;
    }
  }

  for (var t0 = k_begin; t0 < k_end; t0 += BC) {
    // All BR invocations load the (BC, D) tiles of K and V together; rows past T read as 0.
    for (var e = lid; e < BC * D4; e += BR) {
      let jj = e / D4;
      let c4 = e % D4;
      var kx = vec4<f32>(0.0);
      var vx = vec4<f32>(0.0);
      if (t0 + jj < k_end) {
        for (var i = 0u; i < 4u; i++) {
          let c = c4 * 4u + i;
          if (c < D) {
            kx[i] = k[base + (t0 + jj) * D + c];
            vx[i] = v[base + (t0 + jj) * D + c];
          }
        }
      }
      k_tile[e] = kx;
      v_tile[e] = vx;
    }
    workgroupBarrier();

    if (valid) {
      var s: array<f32, BC>;  // pass 1: this tile's logits
      var n = min(BC, k_end - t0);
      if (p.causal == 1u) {
        if (row < t0) { n = 0u; } else { n = min(n, row - t0 + 1u); }
      }
      if (n > 0u) {
        var tile_max = 0.0;
        for (var jj = 0u; jj < n; jj++) {
          var d4 = vec4<f32>(0.0);
          for (var c4 = 0u; c4 < D4; c4++) { d4 += qrow[c4] * k_tile[jj * D4 + c4]; }
          let dot = (d4.x + d4.y) + (d4.z + d4.w);
          s[jj] = dot;
          if (jj == 0u || dot > tile_max) { tile_max = dot; }
        }
        // pass 2 and 3, online: rescale what came before to the new maximum, then add the tile.
        var m_new = tile_max;
        var correction = 0.0;
        if (seen) {
          m_new = max(m, tile_max);
          correction = exp(m - m_new);
        }
        l = l * correction;
        for (var c4 = 0u; c4 < D4; c4++) { acc[c4] = acc[c4] * correction; }
        for (var jj = 0u; jj < n; jj++) {
          let w = exp(s[jj] - m_new);
          l += w;
          for (var c4 = 0u; c4 < D4; c4++) { acc[c4] += w * v_tile[jj * D4 + c4]; }
        }
        m = m_new;
        seen = true;
      }
    }
    workgroupBarrier();
  }

  if (valid) {
    if (k_end == block_end) {
      // l >= 1: the row's largest logit contributes exp(0) = 1 (causal rows always see key 0).
      let inv = 1.0 / l;
      for (var c = 0u; c < D; c++) { o[base + row * D + c] = acc[c / 4u][c % 4u] * inv; }
    } else {
      state[at] = vec2<f32>(m, l);
      for (var c = 0u; c < D; c++) { o[base + row * D + c] = acc[c / 4u][c % 4u]; }
    }
  }
}
