// The "attention at scale" run, inside the engine worker (engine-worker.js hands it the engine
// instance): the engine draws Q, K, V; WebGPU (when chosen and able) or the engine's WASM kernel
// computes the output; the engine checks it against float64 on sampled rows and reports every
// number the cell shows.
//
//   args:   { tokens, head_width, heads, causal, divisor, seed, backend: 'auto'|'webgpu'|'wasm',
//             sample_rows? }
//   result: { backend: 'webgpu'|'wasm', adapter: name|null, kernel, note: text|null, report }
//           report: the engine's report JSON (max_rel_error, gflops, memory, wasm_memory, ...)
//
// The tensors cross the WASM boundary as little as the backend allows: a WASM run is one engine
// call (attentionRun: draw, kernel, check; nothing crosses, and the engine times its kernel);
// a GPU run keeps q, k, v in an AttentionScale handle, copies them out once for the GPU and the
// GPU's output in once for the check (the GPU's time is measured here), and deletes the handle.
//
// Backend choice, in one place: 'auto' and 'webgpu' try WebGPU (navigator.gpu, an adapter, its
// limits against this size, a device); 'wasm' does not. Anything that stops the GPU (no WebGPU,
// no adapter, a refused device, limits, a device lost mid-run, a shader rejected) becomes a
// note and the run continues on WASM on the same handle: the cell never ends blank or stuck.
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
  const sampleRows = args.sample_rows; // undefined: the engine's default
  const kernelProgress = (f) => onProgress(0.1 + 0.8 * f);
  onProgress(0.02);
  if (args.backend === 'wasm') {
    const report = JSON.parse(instance.attentionRun(JSON.stringify({ ...problem, ...(sampleRows !== undefined ? { sample_rows: sampleRows } : {}) }), kernelProgress));
    onProgress(1);
    return { backend: 'wasm', adapter: null, kernel: report.kernel, note: null, report, gpuKernel: KERNELS.flash.name };
  }
  const held = new instance.AttentionScale(JSON.stringify(problem)); // sizes and limits checked by the engine
  try {
    onProgress(0.1);
    let note = null;
    try {
      const opened = await gpuFor(gpu, shaders, { tokens: args.tokens, width: args.head_width, heads: args.heads, kernel: 'flash' });
      const { q, k, v } = held.inputs();
      const run = await opened.attention.run({
        q, k, v, tokens: args.tokens, width: args.head_width, heads: args.heads, causal: args.causal,
        scale: args.divisor === '1' ? 1 : 1 / (args.divisor === 'd' ? args.head_width : Math.sqrt(args.head_width)),
        kernel: 'flash', signal, onProgress: kernelProgress,
      });
      onProgress(0.92);
      const report = JSON.parse(held.check(run.output, run.ms, sampleRows));
      onProgress(1);
      return { backend: 'webgpu', adapter: opened.adapterName, kernel: run.kernel, note: null, report, gpuKernel: KERNELS.flash.name };
    } catch (err) {
      if (err?.name === 'AbortError' || signal?.aborted) throw err;
      if (err instanceof GpuUnavailable && err.reason === 'lost') gpuState = null;
      note = noteFor(err, args.backend === 'webgpu');
    }
    const report = JSON.parse(held.run(sampleRows, kernelProgress));
    onProgress(1);
    return { backend: 'wasm', adapter: null, kernel: report.kernel, note, report, gpuKernel: KERNELS.flash.name };
  } finally {
    held.delete();
  }
}
