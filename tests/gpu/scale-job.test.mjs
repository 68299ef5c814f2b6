// The "attention at scale" job (web/src/scale-job.js) under Node with the real engine module the
// worker runs it on (the scale module, build/wasm/attnbook-scale.mjs) and Dawn: the backend it picks, the notes it gives when it falls back to WASM, and
// the engine's float64 report on whatever ran. The fallbacks are provoked with stand-ins for
// navigator.gpu that behave like a browser without WebGPU, without an adapter, with an adapter
// that refuses a device, with limits too small, and with a device lost mid-run.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { nodeGpu, wgslSources } from './gpu-node.mjs';
import { loadEngine } from '../wasm/engine.mjs';
import { runScaleJob } from '../../web/src/scale-job.js';

let engine;
const shaders = wgslSources();
before(async () => { engine = await loadEngine('attnbook-scale'); });

const args = { tokens: 96, head_width: 16, heads: 2, causal: true, divisor: 'sqrt', seed: 3, backend: 'auto' };
// float32 attention against float64 at T = 96, d = 16: ~1e-7 typically; 1e-5 is ~T u with slack.
const F32_TOLERANCE = 1e-5;

test('auto with a GPU: the flash kernel runs, the engine checks it against float64', async () => {
  const seen = [];
  const r = await runScaleJob(engine, args, { shaders, gpu: nodeGpu(), onProgress: (f) => seen.push(f) });
  assert.equal(r.backend, 'webgpu');
  assert.equal(r.note, null);
  assert.equal(r.kernel, 'attention_flash_br64_bc16_vec4');
  assert.ok(r.report.max_rel_error.exact < F32_TOLERANCE, r.report.max_rel_error.shown);
  assert.equal(r.report.rows_checked, 32);
  assert.ok(r.report.ms.exact > 0);
  assert.equal(seen.at(-1), 1);
  assert.ok(seen.every((f, i) => i === 0 || f >= seen[i - 1]), 'progress only grows');
});

test('wasm forced: no GPU touched, no note; the same inputs give the same answer to float32 accuracy', async () => {
  const gpu = { requestAdapter: () => { throw new Error('must not be called'); } };
  const r = await runScaleJob(engine, { ...args, backend: 'wasm' }, { shaders, gpu });
  assert.equal(r.backend, 'wasm');
  assert.equal(r.note, null);
  assert.equal(r.kernel, 'scaled_dot_product_attention_tiled_4x8_xsimd', 'the kernel that ran (causal too)');
  assert.ok(r.report.max_rel_error.exact < F32_TOLERANCE);
});

const fakeAdapter = (over = {}) => ({
  info: { vendor: 'test' },
  limits: { maxStorageBufferBindingSize: 1 << 27, maxBufferSize: 1 << 28, maxComputeWorkgroupsPerDimension: 65535, maxComputeWorkgroupStorageSize: 32768, maxComputeInvocationsPerWorkgroup: 256, ...over.limits },
  requestDevice: over.requestDevice || (async () => { throw new Error('no device for you'); }),
});

for (const [name, gpu, pattern] of [
  ['no WebGPU', undefined, /^This browser has no WebGPU: ran on WebAssembly SIMD instead\.$/],
  ['no adapter', { requestAdapter: async () => null }, /^The browser offered no GPU adapter: ran on WebAssembly SIMD instead\.$/],
  ['a refused device', { requestAdapter: async () => fakeAdapter() }, /^The GPU adapter refused a device \(.*no device for you\)/],
  ['limits too small', { requestAdapter: async () => fakeAdapter({ limits: { maxStorageBufferBindingSize: 1024 } }) }, /^This size is over the GPU’s limits .*a tensor would need 12288 bytes in one buffer; this adapter allows 1024/],
]) {
  test(`${name}: WASM runs instead, with a note saying why`, async () => {
    const r = await runScaleJob(engine, args, { shaders, gpu });
    assert.equal(r.backend, 'wasm');
    assert.match(r.note, pattern);
    assert.ok(r.report.max_rel_error.exact < F32_TOLERANCE);
  });
}

test('WebGPU forced but unavailable: still WASM, and the note says WebGPU was asked for', async () => {
  const r = await runScaleJob(engine, { ...args, backend: 'webgpu' }, { shaders, gpu: undefined });
  assert.equal(r.backend, 'wasm');
  assert.match(r.note, /\(WebGPU was asked for\)/);
});

test('a device lost mid-run: the run finishes on WASM with a note; the next run gets a fresh device', async () => {
  const real = nodeGpu();
  let device = null;
  // A navigator.gpu whose device is destroyed (lost) as soon as the first kernel step is submitted.
  const gpu = {
    requestAdapter: async (o) => {
      const adapter = await real.requestAdapter(o);
      return new Proxy(adapter, {
        get(target, key) {
          if (key !== 'requestDevice') return Reflect.get(target, key);
          return async (d) => {
            device = await target.requestDevice(d);
            const submit = device.queue.submit.bind(device.queue);
            device.queue.submit = (buffers) => { submit(buffers); device.destroy(); };
            return device;
          };
        },
      });
    },
  };
  const r = await runScaleJob(engine, { ...args, tokens: 200 }, { shaders, gpu });
  assert.equal(r.backend, 'wasm');
  assert.match(r.note, /^The GPU device was lost during the run/);
  const again = await runScaleJob(engine, args, { shaders, gpu: real });
  assert.equal(again.backend, 'webgpu');
});

// Issue 20, finding 8: Cancel at T = 16384, 8 heads, d = 128 left the GPU busy for minutes (one
// submission held an eighth of the run: 137 GFLOP, over an hour under SwiftShader here). Now every
// submission is about SUBMIT_TARGET_MS of work and at most IN_FLIGHT wait on the GPU, so the job
// settles at once and the GPU is idle soon after. The whole run would take hours here (~1.1 TFLOP).
const CANCEL_SETTLE_MS = 1000; // from abort() to the job's rejection
const CANCEL_IDLE_MS = 5000;   // from abort() to the GPU's queue being empty

test('Cancel at T = 16384, 8 heads, d = 128: the job settles and the GPU is idle within the bounds; the next run works', { timeout: 600000 }, async (t) => {
  const real = nodeGpu();
  let device = null; // the device the job opens, to see when its queue is empty
  const gpu = {
    requestAdapter: async (o) => {
      const adapter = await real.requestAdapter(o);
      return new Proxy(adapter, {
        get(target, key) {
          if (key !== 'requestDevice') return Reflect.get(target, key);
          return async (d) => (device = await target.requestDevice(d));
        },
      });
    },
  };
  const controller = new AbortController();
  let working; // resolves when the first kernel step has finished: the GPU is in the middle of the run
  const started = new Promise((resolve) => { working = resolve; });
  const big = { ...args, tokens: 16384, head_width: 128, heads: 8, causal: false, backend: 'webgpu' };
  const job = runScaleJob(engine, big, { shaders, gpu, signal: controller.signal, onProgress: (f) => { if (f > 0.1) working(); } });
  job.catch(() => {});
  await started;
  await new Promise((resolve) => setTimeout(resolve, 2000)); // two seconds into the kernel
  const cancelledAt = performance.now();
  controller.abort(new DOMException('cancelled', 'AbortError'));
  await assert.rejects(job, (e) => e.name === 'AbortError');
  const settleMs = performance.now() - cancelledAt;
  await device.queue.onSubmittedWorkDone();
  const idleMs = performance.now() - cancelledAt;
  t.diagnostic(`after Cancel: the job settled in ${settleMs.toFixed(0)} ms, the GPU was idle after ${idleMs.toFixed(0)} ms`);
  assert.ok(settleMs < CANCEL_SETTLE_MS, `settled ${settleMs} ms after Cancel`);
  assert.ok(idleMs < CANCEL_IDLE_MS, `GPU idle ${idleMs} ms after Cancel`);
  const again = await runScaleJob(engine, args, { shaders, gpu });
  assert.equal(again.backend, 'webgpu');
  assert.ok(again.report.max_rel_error.exact < F32_TOLERANCE);
});
