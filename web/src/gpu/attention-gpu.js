// WebGPU host code for the two WGSL attention kernels (one file each beside this one):
//   attention_flash_br64_bc16_vec4  attention_flash.wgsl  tiled, online softmax, memory O(H*T*D)
//   attention_reference_3pass   attention_reference.wgsl  scores, softmax, mix; a (T, T) buffer
// Works the same in a browser (navigator.gpu, in a page or a worker) and under Node with the npm
// `webgpu` package (Dawn): nothing here touches the DOM. The WGSL text is passed in (the page
// bundles it as text, the Node tests read the files), so this module has no loader tricks.
//
// Tensors: q, k, v are Float32Array (H, T, D), row-major, one head after another; the output is
// the same shape. Every result is checked against a float64 reference by the caller (the engine
// on sampled rows in the page, tests/gpu/ in Node); nothing here is trusted on its own.

export const KERNELS = {
  flash: { name: 'attention_flash_br64_bc16_vec4', rowsPerWorkgroup: 64, workgroupBytes: 2 * 16 * 128 * 4 },
  reference: { name: 'attention_reference_3pass', rowsPerWorkgroup: 64, workgroupBytes: 0 },
};
export const MAX_WIDTH = 128; // MAX_D in both shaders
const PARAM_BYTES = 32;       // struct Params: 8 x 4 bytes

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
  return { tensor, weights, total: 4 * tensor + weights + PARAM_BYTES, largest: Math.max(tensor, weights) };
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
  const blocks = Math.ceil(tokens / KERNELS[kernel].rowsPerWorkgroup);
  const perDim = limits.maxComputeWorkgroupsPerDimension;
  const dispatchMax = kernel === 'reference' ? Math.ceil(tokens / 8) : Math.max(blocks, heads);
  if (dispatchMax > perDim) return `${dispatchMax} workgroups in one dimension; this adapter allows ${perDim}`;
  if (KERNELS[kernel].workgroupBytes > limits.maxComputeWorkgroupStorageSize)
    return `the kernel needs ${KERNELS[kernel].workgroupBytes} bytes of workgroup memory; this adapter allows ${limits.maxComputeWorkgroupStorageSize}`;
  if (limits.maxComputeInvocationsPerWorkgroup < 64) return 'the adapter allows fewer than 64 invocations per workgroup';
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

/**
 * Compiles both kernels on `device`. sources: { flash: wgslText, reference: wgslText }.
 * Returns { run(problem) -> Promise<{output, ms, kernel}>, destroy() }.
 */
export function createGpuAttention(device, sources) {
  const usage = globalThis.GPUBufferUsage;
  let lostInfo = null;
  // Settles when the device is lost; every wait below races it, so a lost device never hangs a run.
  const lost = (device.lost || new Promise(() => {})).then((info) => { lostInfo = info || { message: 'device lost' }; });

  const modules = {
    flash: device.createShaderModule({ code: sources.flash, label: KERNELS.flash.name }),
    reference: device.createShaderModule({ code: sources.reference, label: KERNELS.reference.name }),
  };
  // Explicit layouts: 'auto' would drop the bindings an entry point does not read, and the three
  // reference passes read different ones. Binding 0 is Params, 1-3 q, k, v, 4 o, 5 (reference) w.
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
      ];
      if (kernel === 'reference') entries.push({ binding: 5, visibility: stage, buffer: { type: 'storage' } });
      const group = device.createBindGroupLayout({ label: kernel, entries });
      layouts[kernel] = { group, pipeline: device.createPipelineLayout({ bindGroupLayouts: [group] }) };
    }
    return layouts[kernel];
  }
  const pipelines = {};
  function pipeline(kernel, entryPoint) {
    const key = `${kernel}:${entryPoint}`;
    if (!pipelines[key]) {
      pipelines[key] = device.createComputePipeline({
        label: key, layout: bindLayout(kernel).pipeline, compute: { module: modules[kernel], entryPoint },
      });
    }
    return pipelines[key];
  }

  function storage(data, label) {
    const buffer = device.createBuffer({ label, size: Math.max(16, data.byteLength), usage: usage.STORAGE | usage.COPY_DST | usage.COPY_SRC });
    device.queue.writeBuffer(buffer, 0, data);
    return buffer;
  }

  function params(tokens, width, heads, causal, scale, extra) {
    const bytes = new ArrayBuffer(PARAM_BYTES);
    const u = new Uint32Array(bytes);
    const f = new Float32Array(bytes);
    u[0] = tokens; u[1] = width; u[2] = heads; u[3] = causal ? 1 : 0;
    f[4] = scale; u[5] = extra;
    return bytes;
  }

  function checkLost() {
    if (lostInfo) throw new GpuUnavailable('lost', 'the GPU device was lost mid-run', lostInfo.message || lostInfo.reason || null);
  }

  async function wait(signal) {
    await Promise.race([device.queue.onSubmittedWorkDone(), lost]);
    checkLost();
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('cancelled', 'AbortError');
  }

  /**
   * problem: { q, k, v, tokens, width, heads, causal, scale, kernel = 'flash', onProgress, signal, chunks }
   * Resolves to { output: Float32Array (H, T, D), ms: time from first dispatch to the last
   * one's completion (uploads, shader compilation and the read back excluded), kernel: its name }.
   */
  async function run(problem) {
    const { q, k, v, tokens, width, heads, causal = false, kernel = 'flash', onProgress, signal } = problem;
    const scale = problem.scale ?? 1 / Math.sqrt(width);
    const over = checkLimits(device.limits, { tokens, width, heads, kernel });
    if (over) throw new GpuUnavailable('limits', 'too large for this GPU', over);
    const numel = heads * tokens * width;
    for (const [name, t] of [['q', q], ['k', k], ['v', v]]) {
      if (!(t instanceof Float32Array) || t.length !== numel) throw new RangeError(`${name} must be a Float32Array of ${numel} numbers (H, T, D) = (${heads}, ${tokens}, ${width})`);
    }
    checkLost();
    const buffers = [];
    let scoped = false; // a validation error scope is open (closed in finally if a step threw)
    const keep = (b) => { buffers.push(b); return b; };
    try {
      const qb = keep(storage(q, 'q')), kb = keep(storage(k, 'k')), vb = keep(storage(v, 'v'));
      const ob = keep(device.createBuffer({ label: 'o', size: Math.max(16, numel * 4), usage: usage.STORAGE | usage.COPY_SRC }));
      const wb = kernel === 'reference' ? keep(device.createBuffer({ label: 'w (T, T)', size: tokens * tokens * 4, usage: usage.STORAGE })) : null;
      const readback = keep(device.createBuffer({ label: 'readback', size: Math.max(16, numel * 4), usage: usage.MAP_READ | usage.COPY_DST }));
      await Promise.race([device.queue.onSubmittedWorkDone(), lost]); // uploads done before the clock starts
      checkLost();
      device.pushErrorScope('validation');
      scoped = true;

      // Work in steps, each one submission, so progress shows and a cancel stops between them.
      const steps = [];
      if (kernel === 'flash') {
        const blocks = Math.ceil(tokens / KERNELS.flash.rowsPerWorkgroup);
        const chunks = Math.max(1, Math.min(blocks, problem.chunks ?? 8));
        const per = Math.ceil(blocks / chunks);
        for (let first = 0; first < blocks; first += per) {
          steps.push({ entry: 'main', params: params(tokens, width, heads, causal, scale, first), groups: [Math.min(per, blocks - first), heads, 1] });
        }
      } else {
        for (let head = 0; head < heads; head++) {
          const pr = params(tokens, width, heads, causal, scale, head);
          steps.push({ entry: 'scores', params: pr, groups: [Math.ceil(tokens / 8), Math.ceil(tokens / 8), 1] });
          steps.push({ entry: 'softmax', params: pr, groups: [Math.ceil(tokens / 64), 1, 1] });
          steps.push({ entry: 'mix', params: pr, groups: [Math.ceil(width / 8), Math.ceil(tokens / 8), 1] });
        }
      }
      // Compile every pipeline first (a driver may take long to build a shader): not timed.
      for (const step of steps) pipeline(kernel, step.entry);
      const t0 = performance.now();
      for (let s = 0; s < steps.length; s++) {
        const step = steps[s];
        const pb = keep(device.createBuffer({ label: 'params', size: PARAM_BYTES, usage: usage.UNIFORM | usage.COPY_DST }));
        device.queue.writeBuffer(pb, 0, step.params);
        const pipe = pipeline(kernel, step.entry);
        const entries = [pb, qb, kb, vb, ob, ...(wb ? [wb] : [])].map((buffer, binding) => ({ binding, resource: { buffer } }));
        const bind = device.createBindGroup({ layout: bindLayout(kernel).group, entries });
        const encoder = device.createCommandEncoder();
        const pass = encoder.beginComputePass();
        pass.setPipeline(pipe);
        pass.setBindGroup(0, bind);
        pass.dispatchWorkgroups(...step.groups);
        pass.end();
        device.queue.submit([encoder.finish()]);
        await wait(signal);
        onProgress?.((s + 1) / steps.length);
      }
      const ms = performance.now() - t0;
      scoped = false;
      const invalid = await device.popErrorScope();
      if (invalid) throw new GpuUnavailable('failed', `the GPU rejected the ${KERNELS[kernel].name} kernel`, invalid.message);
      const encoder = device.createCommandEncoder();
      encoder.copyBufferToBuffer(ob, 0, readback, 0, numel * 4);
      device.queue.submit([encoder.finish()]);
      await Promise.race([readback.mapAsync(globalThis.GPUMapMode.READ), lost]);
      checkLost();
      const output = new Float32Array(readback.getMappedRange(0, numel * 4).slice(0));
      readback.unmap();
      return { output, ms, kernel: KERNELS[kernel].name };
    } catch (err) {
      if (lostInfo && !(err instanceof GpuUnavailable)) checkLost();
      throw err;
    } finally {
      if (scoped) device.popErrorScope().catch(() => {});
      for (const b of buffers) b.destroy();
    }
  }

  return { run, destroy: () => device.destroy(), isLost: () => lostInfo !== null };
}
