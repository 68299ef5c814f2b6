// The "attention at scale" run, inside the engine worker (engine-worker.js hands it the engine
// instance): the engine draws Q, K, V; WebGPU (when chosen and able) or the engine's WASM kernel
// computes the output; the engine checks it against float64 on sampled rows and reports every
// number the cell shows. Only the time is measured here (performance.now around the kernel).
//
//   args:   { tokens, head_width, heads, causal, divisor, seed, backend: 'auto'|'webgpu'|'wasm',
//             sample_rows? }
//   result: { backend: 'webgpu'|'wasm', adapter: name|null, kernel, note: text|null, report }
//           report: the engine's attentionCheck JSON (max_rel_error, gflops, memory, ...)
//
// Backend choice, in one place: 'auto' and 'webgpu' try WebGPU (navigator.gpu, an adapter, its
// limits against this size, a device); 'wasm' does not. Anything that stops the GPU (no WebGPU,
// no adapter, a refused device, limits, a device lost mid-run, a shader rejected) becomes a
// note and the run continues on WASM: the cell never ends blank or stuck.
// The WGSL text is passed in (engine-worker.js passes web/src/gpu/shaders.js; the Node tests read
// the files), and so is navigator.gpu when wanted (the Node tests pass Dawn's), so this module runs
// unchanged under Node.
import { openGpu, createGpuAttention, checkLimits, GpuUnavailable, KERNELS } from './gpu/attention-gpu.js';

const NOTES = {
  'no-webgpu': 'This browser has no WebGPU',
  'no-adapter': 'The browser offered no GPU adapter',
  refused: 'The GPU adapter refused a device',
  limits: 'This size is over the GPU’s limits',
  lost: 'The GPU device was lost during the run',
  failed: 'The GPU could not run the kernel',
};

let gpuState = null; // { gpu, adapter, adapterName, device, attention } kept between runs of this worker

async function gpuFor(gpu, shaders, problem) {
  // The device kept from an earlier run serves while its limits fit this size; a larger size
  // opens a new one (openGpu asks the adapter for the larger limits, or says it cannot).
  if (gpuState && gpuState.gpu === gpu && !gpuState.attention.isLost() && !checkLimits(gpuState.device.limits, problem)) {
    return gpuState;
  }
  if (gpuState && !gpuState.attention.isLost()) gpuState.attention.destroy();
  gpuState = null;
  const opened = await openGpu(gpu, problem);
  gpuState = { ...opened, attention: createGpuAttention(opened.device, shaders) };
  return gpuState;
}

function noteFor(err, forced) {
  const known = err instanceof GpuUnavailable;
  const why = known ? NOTES[err.reason] || 'WebGPU failed' : 'WebGPU failed';
  const detail = known ? err.detail : err?.message || String(err);
  return `${why}${detail ? ` (${detail})` : ''}: ran on WebAssembly SIMD instead${forced ? ' (WebGPU was asked for)' : ''}.`;
}

/**
 * instance: the engine module; args as above; onProgress(fraction); signal: AbortSignal (a
 * cancelled run stops between GPU steps; the WASM kernel is stopped by terminating the worker);
 * shaders: { flash, reference } WGSL text; gpu: navigator.gpu by default.
 */
export async function runScaleJob(instance, args, { onProgress = () => {}, signal, shaders, gpu = globalThis.navigator?.gpu } = {}) {
  const problem = {
    heads: args.heads, tokens: args.tokens, head_width: args.head_width,
    causal: args.causal, divisor: args.divisor, seed: args.seed,
  };
  const json = JSON.stringify(problem);
  onProgress(0.02);
  const { q, k, v } = instance.attentionInputs(json); // sizes and limits checked by the engine
  onProgress(0.1);
  let result = null;
  let note = null;
  if (args.backend !== 'wasm') {
    try {
      const opened = await gpuFor(gpu, shaders, { tokens: args.tokens, width: args.head_width, heads: args.heads, kernel: 'flash' });
      const run = await opened.attention.run({
        q, k, v, tokens: args.tokens, width: args.head_width, heads: args.heads, causal: args.causal,
        scale: args.divisor === '1' ? 1 : 1 / (args.divisor === 'd' ? args.head_width : Math.sqrt(args.head_width)),
        kernel: 'flash', signal, onProgress: (f) => onProgress(0.1 + 0.8 * f),
      });
      result = { backend: 'webgpu', adapter: opened.adapterName, kernel: run.kernel, ms: run.ms, output: run.output };
    } catch (err) {
      if (err?.name === 'AbortError' || signal?.aborted) throw err;
      if (err instanceof GpuUnavailable && err.reason === 'lost') gpuState = null;
      note = noteFor(err, args.backend === 'webgpu');
    }
  }
  if (!result) {
    const t0 = performance.now();
    const out = instance.attentionF32(json, q, k, v, (f) => onProgress(0.1 + 0.8 * f));
    const ms = performance.now() - t0;
    result = { backend: 'wasm', adapter: null, kernel: out.kernel, ms, output: out.output };
  }
  onProgress(0.92);
  const report = JSON.parse(instance.attentionCheck(
    JSON.stringify({ ...problem, ms: result.ms, backend: result.backend, ...(args.sample_rows ? { sample_rows: args.sample_rows } : {}) }),
    q, k, v, result.output));
  onProgress(1);
  return { backend: result.backend, adapter: result.adapter, kernel: result.kernel, note, report, gpuKernel: KERNELS.flash.name };
}
