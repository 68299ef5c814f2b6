// The "attention at scale" job (web/src/scale-job.js) under Node with the real engine module
// (build/wasm) and Dawn: the backend it picks, the notes it gives when it falls back to WASM, and
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
before(async () => { engine = await loadEngine(); });

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
