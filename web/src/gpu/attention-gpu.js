// WebGPU host code for the two WGSL attention kernels (one file each beside this one):
//   attention_flash_br64_bc16_vec4  attention_flash.wgsl  tiled, online softmax, memory O(H*T*D)
//   attention_reference_3pass   attention_reference.wgsl  scores, softmax, mix; a (T, T) buffer
// (the flash kernel is named by its tile, tiles.js, whose sizes are appended to both WGSL texts).
// Works the same in a browser (navigator.gpu, in a page or a worker) and under Node with the npm
// `webgpu` package (Dawn): nothing here touches the DOM. The WGSL text is passed in (the page
// bundles it as text, the Node tests read the files), so this module has no loader tricks.
//
// Tensors: q, k, v are Float32Array (H, T, D), row-major, one head after another; the output is
// the same shape. Every result is checked against a float64 reference by the caller (the engine
// on sampled rows in the page, tests/gpu/ in Node); nothing here is trusted on its own.

import { PARAM_BYTES, kernelSteps } from './steps.js';
import { FLASH_TILE, REFERENCE_GROUP, withTile } from './tiles.js';

// sizes: the constants appended to the kernel's WGSL; invocations: its largest workgroup;
// workgroupBytes: its workgroup memory (the flash kernel's K and V tiles, f32).
export const KERNELS = {
  flash: {
    name: `attention_flash_br${FLASH_TILE.BR}_bc${FLASH_TILE.BC}_vec4`,
    sizes: FLASH_TILE,
    invocations: FLASH_TILE.BR,
    workgroupBytes: 2 * FLASH_TILE.BC * FLASH_TILE.MAX_D * 4,
  },
  reference: {
    name: 'attention_reference_3pass',
    sizes: REFERENCE_GROUP,
    invocations: Math.max(REFERENCE_GROUP.SIDE ** 2, REFERENCE_GROUP.ROWS),
    workgroupBytes: 0,
  },
};
export const MAX_WIDTH = FLASH_TILE.MAX_D; // both kernels: the reference's own limit is the (T, T) buffer

// How much the flash kernel is given per submission. A GPU cannot be stopped inside work already
// submitted: Cancel (or a closed tab) waits for it, and one submission of a 16384-token run was
// minutes of work under SwiftShader. So the work is measured in "products" (one query row times one
// key times one of the head's numbers: q.k and the weighted v, 4 FLOPs) and each submission gets
// about SUBMIT_TARGET_MS of it on this adapter: the first SUBMIT_FIRST_WORK, then as much as the
// last one did in that time (at most twice, at least half, the previous amount). At most
// IN_FLIGHT submissions wait on the GPU at once (the next one is queued while one runs, so a fast
// GPU is not left idle between them), so a cancel leaves about IN_FLIGHT x SUBMIT_TARGET_MS of
// work behind on any adapter. The smallest submission is one group of workgroups over a key tile
// (steps.js: 16 workgroups x BR = 64 rows x BC = 16 keys x d: 2 M products at d = 128).
export const SUBMIT_TARGET_MS = 50;
export const SUBMIT_FIRST_WORK = 2 ** 21;
export const IN_FLIGHT = 2;

/**
 * Why the GPU path cannot run: `reason` is one of 'no-webgpu', 'no-adapter', 'refused', 'limits',
 * 'lost', 'failed'; `detail` what the browser or the limits said, when they said more (or null).
 */
export class GpuUnavailable extends Error {
  constructor(reason, message, detail = null) {
    super(detail ? `${message} (${detail})` : message);
    this.name = 'GpuUnavailable';
    this.reason = reason;
    this.detail = detail;
  }
}

/** Bytes each buffer needs for a problem, and the largest single one. */
export function gpuFootprint({ tokens, width, heads, kernel = 'flash' }) {
  const tensor = heads * tokens * width * 4;
  const weights = kernel === 'reference' ? tokens * tokens * 4 : 0;
  const state = kernel === 'flash' ? heads * tokens * 8 : 0; // (m, l) per row between key ranges
  return { tensor, weights, state, total: 4 * tensor + weights + state + PARAM_BYTES, largest: Math.max(tensor, weights, state) };
}

/**
 * Can this problem run within these limits (GPUSupportedLimits of an adapter or device)?
 * Returns null when it can, else a sentence naming the limit that stops it.
 */
export function checkLimits(limits, { tokens, width, heads, kernel = 'flash' }) {
  if (!KERNELS[kernel]) return `unknown kernel ${JSON.stringify(kernel)} (expected flash or reference)`;
  if (!(width >= 1 && width <= MAX_WIDTH)) return `head width ${width} is over the kernels' ${MAX_WIDTH}`;
  if (!(tokens >= 1 && heads >= 1)) return 'tokens and heads must be at least 1';
  const need = gpuFootprint({ tokens, width, heads, kernel });
  const binding = Math.min(limits.maxStorageBufferBindingSize, limits.maxBufferSize);
  if (need.largest > binding) {
    const what = need.weights > need.tensor ? `the ${tokens} x ${tokens} weights` : 'a tensor';
    return `${what} would need ${need.largest} bytes in one buffer; this adapter allows ${binding}`;
  }
  // The flash kernel's dispatches are cut to the adapter's limit per dimension (schedule below).
  const perDim = limits.maxComputeWorkgroupsPerDimension;
  const side = Math.ceil(tokens / REFERENCE_GROUP.SIDE);
  if (kernel === 'reference' && side > perDim) return `${side} workgroups in one dimension; this adapter allows ${perDim}`;
  if (KERNELS[kernel].workgroupBytes > limits.maxComputeWorkgroupStorageSize)
    return `the kernel needs ${KERNELS[kernel].workgroupBytes} bytes of workgroup memory; this adapter allows ${limits.maxComputeWorkgroupStorageSize}`;
  const invocations = KERNELS[kernel].invocations;
  if (limits.maxComputeInvocationsPerWorkgroup < invocations) return `the adapter allows fewer than ${invocations} invocations per workgroup`;
  return null;
}

/**
 * Opens a device on `gpu` (navigator.gpu, or the Node package's create([])) with the limits the
 * problem needs (largestBuffers: the adapter's largest buffers, for a benchmark of many sizes).
 * Throws GpuUnavailable('no-webgpu' | 'no-adapter' | 'refused' | 'limits').
 * Returns { gpu, adapter, device, adapterName }.
 */
export async function openGpu(gpu, problem, { largestBuffers = false } = {}) {
  if (!gpu || typeof gpu.requestAdapter !== 'function') throw new GpuUnavailable('no-webgpu', 'this browser has no WebGPU');
  let adapter;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch (err) {
    throw new GpuUnavailable('no-adapter', 'the browser gave no GPU adapter', String(err?.message || err));
  }
  if (!adapter) throw new GpuUnavailable('no-adapter', 'the browser gave no GPU adapter');
  const over = problem ? checkLimits(adapter.limits, problem) : null;
  if (over) throw new GpuUnavailable('limits', 'too large for this GPU', over);
  const info = adapter.info || {};
  const adapterName = [info.vendor, info.architecture, info.device, info.description].filter(Boolean).join(' ') || 'WebGPU adapter';
  const want = problem ? gpuFootprint(problem).largest : 0;
  const requiredLimits = {};
  // Ask only for what the problem needs beyond the defaults (128 MiB bindings, 256 MiB buffers).
  if (want > 134217728 || largestBuffers) requiredLimits.maxStorageBufferBindingSize = adapter.limits.maxStorageBufferBindingSize;
  if (want > 268435456 || largestBuffers) requiredLimits.maxBufferSize = adapter.limits.maxBufferSize;
  let device;
  try {
    device = await adapter.requestDevice({ requiredLimits });
  } catch (err) {
    throw new GpuUnavailable('refused', 'the GPU adapter refused a device', String(err?.message || err));
  }
  if (!device) throw new GpuUnavailable('refused', 'the GPU adapter refused a device');
  return { gpu, adapter, device, adapterName }; // gpu kept: under Node its instance must outlive the device
}

/** Rejects when `signal` aborts (never resolves otherwise): raced against every wait. */
function aborted(signal) {
  if (!signal) return new Promise(() => {});
  const reason = () => (signal.reason instanceof Error ? signal.reason : new DOMException('cancelled', 'AbortError'));
  if (signal.aborted) return Promise.reject(reason());
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(reason()), { once: true }));
}

/**
 * Both kernels compiled on device, and their pipelines made on first use: pipeline(kernel,
 * entryPoint), group(kernel) (the bind group layout). Explicit layouts: 'auto' would drop the
 * bindings an entry point does not read, and the three reference passes read different ones.
 * Binding 0 is Params, 1-3 q, k, v, 4 o, 5 the flash state or the reference's w.
 */
function createPipelines(device, sources) {
  const modules = {};
  for (const kernel of Object.keys(KERNELS)) {
    modules[kernel] = device.createShaderModule({ code: withTile(sources[kernel], KERNELS[kernel].sizes), label: KERNELS[kernel].name });
  }
  const layouts = {};
  function bindLayout(kernel) {
    if (!layouts[kernel]) {
      const stage = globalThis.GPUShaderStage.COMPUTE;
      const entries = [
        { binding: 0, visibility: stage, buffer: { type: 'uniform' } },
        { binding: 1, visibility: stage, buffer: { type: 'read-only-storage' } },
        { binding: 2, visibility: stage, buffer: { type: 'read-only-storage' } },
        { binding: 3, visibility: stage, buffer: { type: 'read-only-storage' } },
        { binding: 4, visibility: stage, buffer: { type: 'storage' } },
        { binding: 5, visibility: stage, buffer: { type: 'storage' } }, // flash: the (m, l) state; reference: the (T, T) weights
      ];
      const group = device.createBindGroupLayout({ label: kernel, entries });
      layouts[kernel] = { group, pipeline: device.createPipelineLayout({ bindGroupLayouts: [group] }) };
    }
    return layouts[kernel];
  }
  const pipelines = {};
  return {
    pipeline(kernel, entryPoint) {
      const key = `${kernel}:${entryPoint}`;
      pipelines[key] ??= device.createComputePipeline({
        label: key, layout: bindLayout(kernel).pipeline, compute: { module: modules[kernel], entryPoint },
      });
      return pipelines[key];
    },
    group: (kernel) => bindLayout(kernel).group,
  };
}

/**
 * The buffers of one run, each handed to keep() as it is made (freed after the run): q, k, v
 * uploaded, o, the flash state or the reference's weights, the read back.
 */
function runBuffers(device, { q, k, v, tokens, heads, kernel }, numel, keep) {
  const usage = globalThis.GPUBufferUsage;
  const make = (label, size, use) => keep(device.createBuffer({ label, size, usage: use }));
  const storage = (data, label) => {
    const buffer = make(label, Math.max(16, data.byteLength), usage.STORAGE | usage.COPY_DST | usage.COPY_SRC);
    device.queue.writeBuffer(buffer, 0, data);
    return buffer;
  };
  return {
    q: storage(q, 'q'), k: storage(k, 'k'), v: storage(v, 'v'),
    o: make('o', Math.max(16, numel * 4), usage.STORAGE | usage.COPY_SRC),
    w: kernel === 'reference'
      ? make('w (T, T)', tokens * tokens * 4, usage.STORAGE)
      : make('state (H, T)', Math.max(16, heads * tokens * 8), usage.STORAGE),
    readback: make('readback', Math.max(16, numel * 4), usage.MAP_READ | usage.COPY_DST),
  };
}

/** Throws unless q, k and v are Float32Arrays of (H, T, D) numbers. */
function checkTensors({ q, k, v, tokens, width, heads }, numel) {
  for (const [name, t] of [['q', q], ['k', k], ['v', v]]) {
    if (!(t instanceof Float32Array) || t.length !== numel) throw new RangeError(`${name} must be a Float32Array of ${numel} numbers (H, T, D) = (${heads}, ${tokens}, ${width})`);
  }
}

/**
 * The work per submission: fixed (workPerSubmit), or adapted to the adapter: each submission
 * that completes sets the next amount from the rate it ran at (at most twice, at least half).
 */
function submitBudget(workPerSubmit) {
  const adaptive = workPerSubmit === undefined;
  let work = adaptive ? SUBMIT_FIRST_WORK : workPerSubmit;
  return {
    get: () => work,
    ran(products, ms) {
      if (adaptive && products) work = Math.min(2 * work, Math.max(work / 2, (products / ms) * SUBMIT_TARGET_MS));
    },
  };
}

/**
 * Compiles both kernels on `device`. sources: { flash: wgslText, reference: wgslText }.
 * Returns { run(problem) -> Promise<{output, ms, kernel}>, destroy() }.
 */
export function createGpuAttention(device, sources) {
  let lostInfo = null;
  // Settles when the device is lost; every wait races it, so a lost device never hangs a run.
  const lost = (device.lost || new Promise(() => {})).then((info) => { lostInfo = info || { message: 'device lost' }; });
  const checkLost = () => {
    if (lostInfo) throw new GpuUnavailable('lost', 'the GPU device was lost mid-run', lostInfo.message || lostInfo.reason || null);
  };
  const gpu = {
    device,
    pipelines: createPipelines(device, sources),
    checkLost,
    isLost: () => lostInfo !== null,
    /** Resolves with `promise`, rejects when the device is lost or the run is stopped. */
    async wait(promise, stop) {
      await Promise.race([promise, lost, stop]);
      checkLost();
    },
  };
  return { run: (problem) => runAttention(gpu, problem), destroy: () => device.destroy(), isLost: gpu.isLost };
}

/**
 * problem: { q, k, v, tokens, width, heads, causal, scale, kernel = 'flash', onProgress, signal,
 *            workPerSubmit }
 * workPerSubmit: a fixed number of products per submission instead of the adaptive amount
 * (tests; Infinity for one submission, as a benchmark wants); the reference kernel submits its
 * passes one by one, whatever is asked.
 * Resolves to { output: Float32Array (H, T, D), ms: time from first dispatch to the last
 * one's completion (uploads, shader compilation and the read back excluded), kernel: its name,
 * submissions: how many }. A signal that aborts rejects at once; what was submitted (at most
 * IN_FLIGHT submissions) still runs on the GPU, and the buffers are freed when it is done.
 */
async function runAttention(gpu, problem) {
  const { device } = gpu;
  const { tokens, width, heads, causal = false, kernel = 'flash', onProgress, signal, workPerSubmit } = problem;
  const scale = problem.scale ?? 1 / Math.sqrt(width);
  const over = checkLimits(device.limits, { tokens, width, heads, kernel });
  if (over) throw new GpuUnavailable('limits', 'too large for this GPU', over);
  const numel = heads * tokens * width;
  checkTensors(problem, numel);
  gpu.checkLost();
  if (signal?.aborted) await aborted(signal);
  const stop = aborted(signal);
  stop.catch(() => {}); // raced below; never an unhandled rejection when no one waits on it
  const buffers = [];
  let scoped = false; // a validation error scope is open (closed in finally if a step threw)
  const keep = (b) => { buffers.push(b); return b; };
  try {
    const b = runBuffers(device, { ...problem, kernel }, numel, keep);
    await gpu.wait(device.queue.onSubmittedWorkDone(), stop); // uploads done before the clock starts
    device.pushErrorScope('validation');
    scoped = true;
    const budget = submitBudget(workPerSubmit);
    const steps = kernelSteps({ tokens, width, heads, causal, scale, kernel },
      budget.get, device.limits.maxComputeWorkgroupsPerDimension);
    // Compile every pipeline first (a driver may take long to build a shader): not timed.
    for (const entry of kernel === 'flash' ? ['main'] : ['scores', 'softmax', 'mix']) gpu.pipelines.pipeline(kernel, entry);
    const { ms, submissions } = await submitAll(gpu, { kernel, steps, budget, bindings: [b.q, b.k, b.v, b.o, b.w], keep, onProgress, signal, stop });
    scoped = false;
    const invalid = await device.popErrorScope();
    if (invalid) throw new GpuUnavailable('failed', `the GPU rejected the ${KERNELS[kernel].name} kernel`, invalid.message);
    return { output: await readOutput(gpu, b, numel, stop), ms, kernel: KERNELS[kernel].name, submissions };
  } catch (err) {
    if (gpu.isLost() && !(err instanceof GpuUnavailable)) gpu.checkLost();
    throw err;
  } finally {
    if (scoped) device.popErrorScope().catch(() => {});
    for (const buffer of buffers) buffer.destroy();
  }
}

/**
 * Submits the steps, at most IN_FLIGHT waiting on the GPU at once (the reference kernel's passes
 * one by one), counting progress as each completes. Returns { ms, submissions }: the time from
 * the first submission to the last one's completion.
 */
async function submitAll(gpu, { kernel, steps, budget, bindings, keep, onProgress, signal, stop }) {
  const { device, pipelines } = gpu;
  const usage = globalThis.GPUBufferUsage;
  const inFlight = []; // onSubmittedWorkDone of each submission not yet seen done
  let doneUnits = 0;
  let lastDone = 0;
  // Waits for the oldest submission, then counts its progress and tells the budget the rate it
  // ran at (its time: from its submission or the previous one's end).
  const settleOldest = async () => {
    const oldest = inFlight.shift();
    await gpu.wait(oldest.done, stop);
    const now = performance.now();
    budget.ran(oldest.products, Math.max(0.05, now - Math.max(oldest.at, lastDone)));
    lastDone = now;
    doneUnits += oldest.units;
    onProgress?.(doneUnits / steps.totalUnits);
  };
  const t0 = performance.now();
  let submissions = 0;
  for (let step = steps.next(); step; step = steps.next()) {
    if (signal?.aborted) await stop; // rejects: nothing more is submitted
    const pb = keep(device.createBuffer({ label: 'params', size: PARAM_BYTES, usage: usage.UNIFORM | usage.COPY_DST }));
    device.queue.writeBuffer(pb, 0, step.params);
    const entries = [pb, ...bindings].map((buffer, binding) => ({ binding, resource: { buffer } }));
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipelines.pipeline(kernel, step.entry));
    pass.setBindGroup(0, device.createBindGroup({ layout: pipelines.group(kernel), entries }));
    pass.dispatchWorkgroups(...step.groups);
    pass.end();
    const at = performance.now();
    device.queue.submit([encoder.finish()]);
    submissions += 1;
    const done = device.queue.onSubmittedWorkDone();
    done.catch(() => {});
    inFlight.push({ done, at, units: step.units, products: step.products });
    if (inFlight.length >= IN_FLIGHT || kernel !== 'flash') await settleOldest();
  }
  while (inFlight.length) await settleOldest();
  return { ms: performance.now() - t0, submissions };
}

/** Copies o to the read-back buffer and returns its numbers. */
async function readOutput(gpu, b, numel, stop) {
  const encoder = gpu.device.createCommandEncoder();
  encoder.copyBufferToBuffer(b.o, 0, b.readback, 0, numel * 4);
  gpu.device.queue.submit([encoder.finish()]);
  await gpu.wait(b.readback.mapAsync(globalThis.GPUMapMode.READ), stop);
  const output = new Float32Array(b.readback.getMappedRange(0, numel * 4).slice(0));
  b.readback.unmap();
  return output;
}
