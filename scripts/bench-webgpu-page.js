// Browser side of the WebGPU benchmark (bundled by bench-webgpu-suite.mjs and run in a Chromium
// page): attnbook's WGSL flash kernel and tfjs-backend-webgpu computing the same attention forward
// pass. Sets window.runWebgpuBench(options) -> Promise<rows>.
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-webgpu';
import { openGpu, createGpuAttention } from '../web/src/gpu/attention-gpu.js';
import shaders from '../web/src/gpu/shaders.js';

function randomTensor(n, seed) {
  let a = seed >>> 0;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    out[i] = (a / 4294967296) * 2 - 1;
  }
  return out;
}

const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

// The float64 value of output row i, for the check before timing (max abs difference returned).
function checkRow(q, k, v, out, T, d, i) {
  const a = new Float64Array(T);
  let m = -Infinity;
  for (let j = 0; j < T; j++) {
    let dot = 0;
    for (let c = 0; c < d; c++) dot += q[i * d + c] * k[j * d + c];
    a[j] = dot / Math.sqrt(d);
    m = Math.max(m, a[j]);
  }
  let sum = 0;
  for (let j = 0; j < T; j++) sum += (a[j] = Math.exp(a[j] - m));
  let worst = 0;
  for (let c = 0; c < d; c++) {
    let o = 0;
    for (let j = 0; j < T; j++) o += (a[j] / sum) * v[j * d + c];
    worst = Math.max(worst, Math.abs(o - out[i * d + c]));
  }
  return worst;
}
// |v| <= 1 here and weights sum to 1: float32 errors stay near 1e-6; 1e-4 only catches a wrong result.
const CHECK_TOLERANCE = 1e-4;

window.runWebgpuBench = async ({ sizes, d = 64, repeats = 5, impls = ['attnbook-webgpu', 'tfjs-webgpu'] }) => {
  const rows = [];
  const env = `chromium ${navigator.userAgent.match(/Chrom(?:e|ium)\/([\d.]+)/)?.[1] || ''}`.trim();
  let adapterName = '';
  const inputs = (T) => ({ q: randomTensor(T * d, 1), k: randomTensor(T * d, 2), v: randomTensor(T * d, 3) });
  if (impls.includes('attnbook-webgpu')) {
    const opened = await openGpu(navigator.gpu);
    adapterName = opened.adapterName;
    const gpu = createGpuAttention(opened.device, shaders);
    for (const T of sizes) {
      const { q, k, v } = inputs(T);
      const problem = { q, k, v, tokens: T, width: d, heads: 1, kernel: 'flash', workPerSubmit: Infinity }; // one submission: the kernel alone
      const first = await gpu.run(problem); // warm-up, and the output checked before timing
      for (const i of [0, T - 1]) if (!(checkRow(q, k, v, first.output, T, d, i) < CHECK_TOLERANCE)) throw new Error(`attnbook-webgpu T=${T}: wrong output`);
      const times = [];
      for (let r = 0; r < repeats; r++) times.push((await gpu.run(problem)).ms);
      const ms = median(times);
      rows.push({ suite: 'attention-forward', impl: 'attnbook-webgpu', env: `${env} webgpu ${adapterName}`, T, d, ms, gflops: (4 * T * T * d) / (ms * 1e6) });
    }
    gpu.destroy();
  }
  if (impls.includes('tfjs-webgpu')) {
    await tf.setBackend('webgpu');
    await tf.ready();
    for (const T of sizes) {
      const x = inputs(T);
      const q = tf.tensor2d(x.q, [T, d]), k = tf.tensor2d(x.k, [T, d]), v = tf.tensor2d(x.v, [T, d]);
      const scale = 1 / Math.sqrt(d);
      // softmax(Q K^T / sqrt(d)) V with the T x T scores materialised (tfjs has no fused attention).
      const forward = () => tf.tidy(() => tf.matMul(tf.softmax(tf.mul(tf.matMul(q, k, false, true), scale)), v));
      const once = async (check) => {
        const t0 = performance.now();
        const out = forward();
        const data = await out.data(); // waits for the GPU; the read back included, as tfjs users see it
        const ms = performance.now() - t0;
        out.dispose();
        if (check) for (const i of [0, T - 1]) if (!(checkRow(x.q, x.k, x.v, data, T, d, i) < CHECK_TOLERANCE)) throw new Error(`tfjs-webgpu T=${T}: wrong output`);
        return ms;
      };
      await once(true);
      const times = [];
      for (let r = 0; r < repeats; r++) times.push(await once(false));
      const ms = median(times);
      rows.push({ suite: 'attention-forward', impl: 'tfjs-webgpu', env: `${env} webgpu ${adapterName}`.trim(), T, d, ms, gflops: (4 * T * T * d) / (ms * 1e6) });
      tf.dispose([q, k, v]);
    }
  }
  return rows;
};
