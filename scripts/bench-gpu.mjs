#!/usr/bin/env node
// Times the WGSL attention kernels under Node through the npm `webgpu` package (Dawn) and prints
// time and GFLOP/s per size. Started by scripts/bench-gpu, which picks the Vulkan driver: the
// machine's own GPU when it has one, else Chromium's SwiftShader (a CPU Vulkan, for checking only).
//
//   scripts/bench-gpu [--kernel flash|reference|both] [--sizes 256,1024,...] [--width 64]
//                     [--heads 1] [--causal] [--repeats 3] [--json FILE]
//
// Each size: one warm-up run, then the median of --repeats runs. `ms` is dispatch to completion
// (uploads and the read back excluded); FLOPs count 4 T^2 D per head (QK^T and PV, a multiply and
// an add each), halved (T (T + 1) / 2 pairs) with --causal. Before timing, sampled rows of the
// output are checked against a float64 reference (tests/gpu/reference-f64.mjs) and the run stops
// if one is outside the tolerance.
import fs from 'node:fs';
import { nodeGpu, wgslSources } from '../tests/gpu/gpu-node.mjs';
import { attentionRowF64, rowTolerance, randomTensor } from '../tests/gpu/reference-f64.mjs';
import { openGpu, createGpuAttention, checkLimits, KERNELS } from '../web/src/gpu/attention-gpu.js';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const causal = process.argv.includes('--causal');
const width = Number(option('width', 64));
const heads = Number(option('heads', 1));
const repeats = Number(option('repeats', 3));
const kernels = option('kernel', 'both') === 'both' ? ['flash', 'reference'] : [option('kernel')];

const opened = await openGpu(nodeGpu(), null, { largestBuffers: true }); // the reference kernel's T x T buffer
const cpuDriver = /swiftshader|llvmpipe|lavapipe/i.test(opened.adapterName);
// A CPU driver runs the kernels at well under 1 GFLOP/s: small sizes only unless asked.
const sizes = (option('sizes', cpuDriver ? '128,256,512' : '256,1024,2048,4096,8192,16384')).split(',').map(Number);
const gpu = createGpuAttention(opened.device, wgslSources());
console.log(`adapter: ${opened.adapterName}${cpuDriver ? ' (a CPU Vulkan driver: numbers for checking, not for speed)' : ''}`);
console.log(`heads ${heads}, width ${width}, ${causal ? 'causal' : 'not causal'}, median of ${repeats}`);
console.log(['kernel'.padEnd(31), 'T'.padStart(6), 'ms'.padStart(10), 'GFLOP/s'.padStart(9), 'max err/tol'.padStart(12)].join(' '));

const rows = [];
for (const kernel of kernels) {
  for (const tokens of sizes) {
    const over = checkLimits(opened.device.limits, { tokens, width, heads, kernel });
    if (over) {
      console.log(`${KERNELS[kernel].name.padEnd(31)} ${String(tokens).padStart(6)}  skipped: ${over}`);
      continue;
    }
    const n = heads * tokens * width;
    const q = randomTensor(n, 1), k = randomTensor(n, 2), v = randomTensor(n, 3);
    const problem = { q, k, v, tokens, width, heads, causal, kernel, workPerSubmit: Infinity }; // one submission: the kernel alone
    const first = await gpu.run(problem); // warm-up, and the output that is checked
    let worst = 0;
    for (const row of [0, tokens >> 1, tokens - 1]) {
      const ref = attentionRowF64(q, k, v, { tokens, width, head: 0, row, causal, scale: 1 / Math.sqrt(width) });
      const tol = rowTolerance(ref, width);
      for (let c = 0; c < width; c++) worst = Math.max(worst, Math.abs(first.output[row * width + c] - ref.out[c]) / tol);
    }
    if (!(worst <= 1)) throw new Error(`${kernel} T=${tokens}: output outside the float64 tolerance (${worst}x); not timing it`);
    const times = [];
    for (let r = 0; r < repeats; r++) times.push((await gpu.run(problem)).ms);
    times.sort((a, b) => a - b);
    const ms = times[times.length >> 1];
    const pairs = causal ? (tokens * (tokens + 1)) / 2 : tokens * tokens;
    const gflops = (4 * heads * pairs * width) / (ms * 1e6);
    rows.push({ suite: 'attention-forward', impl: `attnbook-webgpu-${kernel}`, env: `node-dawn ${opened.adapterName}`, T: tokens, d: width, heads, causal, ms, gflops, kernel: KERNELS[kernel].name });
    console.log([KERNELS[kernel].name.padEnd(31), String(tokens).padStart(6), ms.toFixed(2).padStart(10), gflops.toFixed(3).padStart(9), worst.toExponential(1).padStart(12)].join(' '));
  }
}
const out = option('json', null);
if (out) fs.writeFileSync(out, JSON.stringify({ results: rows }, null, 2) + '\n');
gpu.destroy();
