// The WGSL attention kernels (web/src/gpu/*.wgsl) under Dawn, against the float64 reference in
// reference-f64.mjs, row by row, with the tolerance written and justified there.
// Sizes on purpose: widths 1, 3, 4, 5, 17, 64, 128 and lengths 1, 3, 17, 63-65 (either side of
// the 64-row workgroup and 16-key tile), causal and not, several heads, logits large enough that
// a softmax without its running maximum overflows float32.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { nodeGpu, wgslSources } from './gpu-node.mjs';
import { openGpu, createGpuAttention, checkLimits, GpuUnavailable, KERNELS, SUBMIT_TARGET_MS } from '../../web/src/gpu/attention-gpu.js';
import { attentionRowF64, rowTolerance, randomTensor } from './reference-f64.mjs';

let gpu;
let adapterName;
before(async () => {
  const opened = await openGpu(nodeGpu());
  adapterName = opened.adapterName;
  gpu = createGpuAttention(opened.device, wgslSources());
});
after(() => gpu?.destroy());

/** Runs one problem on `kernel` and compares `rows` (all when omitted) with float64. */
async function check(kernel, { tokens, width, heads = 1, causal = false, scale, inputScale = 1, seed = 1, rows, workPerSubmit }) {
  const n = heads * tokens * width;
  const q = randomTensor(n, seed, inputScale), k = randomTensor(n, seed + 1, inputScale), v = randomTensor(n, seed + 2);
  const s = scale ?? 1 / Math.sqrt(width);
  const { output, ms, submissions } = await gpu.run({ q, k, v, tokens, width, heads, causal, scale: s, kernel, workPerSubmit });
  assert.equal(output.length, n);
  let worst = 0; // largest error / tolerance seen
  let worstError = 0;
  for (let head = 0; head < heads; head++) {
    for (const row of rows ?? Array.from({ length: tokens }, (_, i) => i)) {
      const ref = attentionRowF64(q, k, v, { tokens, width, head, row, causal, scale: s });
      const tol = rowTolerance(ref, width);
      for (let c = 0; c < width; c++) {
        const got = output[(head * tokens + row) * width + c];
        assert.ok(Number.isFinite(got), `${kernel} (${heads}, ${tokens}, ${width}) head ${head} row ${row} col ${c}: ${got}`);
        const err = Math.abs(got - ref.out[c]);
        worstError = Math.max(worstError, err);
        worst = Math.max(worst, err / tol);
        assert.ok(err <= tol, `${kernel} (${heads}, ${tokens}, ${width}) causal=${causal} head ${head} row ${row} col ${c}: ` +
          `got ${got}, float64 ${ref.out[c]}, error ${err} > tolerance ${tol}`);
      }
    }
  }
  return { worst, worstError, ms, output, submissions };
}

const SHAPES = [
  { tokens: 1, width: 1 },
  { tokens: 3, width: 5, causal: true },
  { tokens: 17, width: 17, heads: 2 },
  { tokens: 17, width: 4, causal: true, heads: 3 },
  { tokens: 63, width: 3 },
  { tokens: 64, width: 64, causal: true },
  { tokens: 65, width: 8, heads: 2, causal: true },
  { tokens: 65, width: 128 },
  { tokens: 130, width: 33, causal: true },
];

for (const kernel of Object.keys(KERNELS)) {
  for (const shape of SHAPES) {
    test(`${KERNELS[kernel].name}: (H, T, D) = (${shape.heads ?? 1}, ${shape.tokens}, ${shape.width})${shape.causal ? ' causal' : ''} every row within tolerance`, async () => {
      const { worst } = await check(kernel, shape);
      assert.ok(worst <= 1);
    });
  }

  test(`${KERNELS[kernel].name}: unscaled logits of +-60 (exp overflows float32 without the running maximum)`, async () => {
    // inputScale 3 with width 16 and scale 1: logits reach |q.k| ~ 16 * 9 = 144 at most, typically ~40.
    await check(kernel, { tokens: 70, width: 16, scale: 1, inputScale: 3, causal: kernel === 'flash' });
  });
}

// The flash kernel in submissions of bounded work (attention-gpu.js: SUBMIT_TARGET_MS): keys split
// into ranges of 16 (one tile), workgroups in sets, causal blocks that end inside a range. Every
// row within the float64 tolerance, and the output bit for bit the one-submission output: ranges
// start at tile boundaries, so the same tiles are summed in the same order however they are cut.
for (const shape of [
  { tokens: 130, width: 33, causal: true, heads: 2 },
  { tokens: 65, width: 128, heads: 3 },
  { tokens: 200, width: 5, causal: true },
]) {
  for (const [what, workPerSubmit] of [
    ['one tile of keys', 1],
    // every workgroup of the problem (at most 16 go together when keys are split) over 48 keys
    ['three tiles of keys', Math.min(16, Math.ceil(shape.tokens / 64) * (shape.heads ?? 1)) * 64 * 48 * shape.width],
    ['one row block', 64 * shape.tokens * shape.width],  // one workgroup, all keys
  ]) {
    test(`${KERNELS.flash.name}: (H, T, D) = (${shape.heads ?? 1}, ${shape.tokens}, ${shape.width})${shape.causal ? ' causal' : ''} in submissions of ${what}: within tolerance and equal to one submission`, async () => {
      const cut = await check('flash', { ...shape, workPerSubmit });
      const whole = await check('flash', { ...shape, workPerSubmit: Infinity });
      assert.equal(whole.submissions, 1);
      assert.ok(cut.submissions >= 2, `${cut.submissions} submissions`);
      const differ = cut.output.findIndex((x, i) => !Object.is(x, whole.output[i]));
      assert.equal(differ, -1, `element ${differ}: ${cut.output[differ]} cut, ${whole.output[differ]} whole`);
    });
  }
}

test('each submission is about SUBMIT_TARGET_MS of work on this adapter, or the smallest one', async (t) => {
  // Timed here from one progress report to the next (IN_FLIGHT keeps the GPU busy in between):
  // the submissions grow or shrink to the target, so a cancel waits for little on any adapter.
  const tokens = 1024, width = 32, n = tokens * width;
  const q = randomTensor(n, 1), k = randomTensor(n, 2), v = randomTensor(n, 3);
  const gaps = [];
  let last = null;
  const r = await gpu.run({ q, k, v, tokens, width, heads: 1, onProgress: () => {
    const now = performance.now();
    if (last !== null) gaps.push(now - last);
    last = now;
  } });
  gaps.sort((a, b) => a - b);
  const median = gaps[gaps.length >> 1];
  // The smallest submission: 16 workgroups x 64 rows x 16 keys x d, at the rate this run had.
  const perMs = tokens * tokens * width / r.ms;
  const smallestMs = (16 * 64 * 16 * width) / perMs;
  t.diagnostic(`${adapterName}: ${r.submissions} submissions in ${r.ms.toFixed(0)} ms; ${median.toFixed(1)} ms apart (median), ` +
    `the longest ${gaps.at(-1).toFixed(1)} ms; the smallest possible ${smallestMs.toFixed(1)} ms`);
  assert.ok(r.submissions >= 2, `${r.submissions} submissions`);
  assert.ok(median <= Math.max(4 * SUBMIT_TARGET_MS, 2 * smallestMs), `median ${median.toFixed(1)} ms between submissions`);
});

test(`${KERNELS.flash.name}: T = 1024, D = 64, causal, sampled rows (the first, each side of tiles and blocks, the last)`, async (t) => {
  const rows = [0, 1, 15, 16, 63, 64, 65, 511, 512, 1000, 1023];
  const { worst, worstError, ms } = await check('flash', { tokens: 1024, width: 64, heads: 2, causal: true, rows });
  t.diagnostic(`${adapterName}: ${ms.toFixed(1)} ms; largest error ${worstError.toExponential(2)}, ${(worst * 100).toFixed(2)}% of the tolerance`);
});

test('the flash kernel and the reference agree on the same inputs (different algorithms, same answer)', async () => {
  const tokens = 100, width = 24, heads = 2, n = heads * tokens * width;
  const q = randomTensor(n, 7), k = randomTensor(n, 8), v = randomTensor(n, 9);
  const a = await gpu.run({ q, k, v, tokens, width, heads, causal: true, kernel: 'flash' });
  const b = await gpu.run({ q, k, v, tokens, width, heads, causal: true, kernel: 'reference' });
  let diff = 0;
  for (let i = 0; i < n; i++) diff = Math.max(diff, Math.abs(a.output[i] - b.output[i]));
  // Both within ~1e-6 of float64 here (the per-row test above); 1e-5 leaves room for both errors.
  assert.ok(diff < 1e-5, `flash and reference differ by ${diff}`);
});

test('progress reaches 1 and a cancelled run stops with the signal\'s reason', async () => {
  const tokens = 512, width = 32, n = tokens * width;
  const q = randomTensor(n, 1), k = randomTensor(n, 2), v = randomTensor(n, 3);
  const seen = [];
  // 8 row blocks of 64 x 512 keys x 32 numbers each: two blocks per submission.
  const work = 2 * 64 * 512 * 32;
  await gpu.run({ q, k, v, tokens, width, heads: 1, workPerSubmit: work, onProgress: (f) => seen.push(f) });
  assert.deepEqual(seen, [0.25, 0.5, 0.75, 1]);
  const controller = new AbortController();
  await assert.rejects(
    gpu.run({ q, k, v, tokens, width, heads: 1, workPerSubmit: work, signal: controller.signal, onProgress: (f) => { if (f >= 0.25) controller.abort(new Error('stop here')); } }),
    /stop here/);
  // The device still works afterwards.
  const again = await gpu.run({ q, k, v, tokens: 1, width, heads: 1 }).catch((e) => e);
  assert.ok(again instanceof RangeError, 'sizes are checked before any work');
});

test('sizes are checked before any work, and limits name what stops a problem', async () => {
  const q = new Float32Array(10);
  await assert.rejects(gpu.run({ q, k: q, v: q, tokens: 3, width: 4, heads: 1 }), /q must be a Float32Array of 12 numbers/);
  const limits = { maxStorageBufferBindingSize: 134217728, maxBufferSize: 268435456, maxComputeWorkgroupsPerDimension: 65535, maxComputeWorkgroupStorageSize: 16384, maxComputeInvocationsPerWorkgroup: 256 };
  assert.equal(checkLimits(limits, { tokens: 16384, width: 128, heads: 8 }), null);
  assert.match(checkLimits(limits, { tokens: 8192, width: 64, heads: 1, kernel: 'reference' }), /8192 x 8192 weights would need 268435456 bytes in one buffer; this adapter allows 134217728/);
  assert.match(checkLimits(limits, { tokens: 16, width: 129, heads: 1 }), /head width 129 is over the kernels' 128/);
  assert.match(checkLimits({ ...limits, maxComputeWorkgroupStorageSize: 8192 }, { tokens: 16, width: 8, heads: 1 }), /16384 bytes of workgroup memory/);
  assert.match(checkLimits({ ...limits, maxStorageBufferBindingSize: 1 << 20 }, { tokens: 16384, width: 128, heads: 1 }), /a tensor would need 8388608 bytes/);
});

test('openGpu names why there is no GPU: no WebGPU, no adapter, a refused device, a problem over the limits', async () => {
  await assert.rejects(openGpu(undefined), (e) => e instanceof GpuUnavailable && e.reason === 'no-webgpu');
  await assert.rejects(openGpu({ requestAdapter: async () => null }), (e) => e.reason === 'no-adapter');
  const adapter = { limits: { maxStorageBufferBindingSize: 1 << 27, maxBufferSize: 1 << 28, maxComputeWorkgroupsPerDimension: 65535, maxComputeWorkgroupStorageSize: 16384, maxComputeInvocationsPerWorkgroup: 256 }, info: {}, requestDevice: async () => { throw new Error('denied'); } };
  await assert.rejects(openGpu({ requestAdapter: async () => adapter }, { tokens: 8, width: 8, heads: 1 }), (e) => e.reason === 'refused' && /denied/.test(e.message));
  await assert.rejects(openGpu({ requestAdapter: async () => adapter }, { tokens: 8, width: 200, heads: 1 }), (e) => e.reason === 'limits');
});

test('a device lost mid-run rejects with reason "lost" (never a hang)', async () => {
  const opened = await openGpu(nodeGpu());
  const doomed = createGpuAttention(opened.device, wgslSources());
  const tokens = 256, width = 16, n = tokens * width;
  const q = randomTensor(n, 1);
  const run = doomed.run({ q, k: q, v: q, tokens, width, heads: 1, workPerSubmit: 64 * tokens * width, onProgress: (f) => { if (f >= 0.25) opened.device.destroy(); } });
  await assert.rejects(run, (e) => e instanceof GpuUnavailable && e.reason === 'lost');
});
