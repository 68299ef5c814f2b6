// The suites `npm run bench` runs, in order. Each module's default export is
//   { name, async run(ctx) -> { results: [row...], ceiling_gflops?, modules?: [...], notes?: [...] } }
// with rows {suite, impl, env, T, d, ms, gflops, ...} (see scripts/benchmarks/main.mjs).
export const SUITES = [
  './suite-native.mjs',       // attnbook-native, numpy (attention forward)
  './suite-browser-cpu.mjs',  // attnbook-wasm-*, plain-js, tfjs-wasm, onnxruntime-web, ceiling, load/size
  './suite-cell.mjs',         // the attention-at-scale cell's path (shipped module) vs the raw kernel
  './suite-scaling.mjs',      // scaling study: attnbook-wasm (Chromium) vs numpy (the source program)
  './suite-train.mjs',        // the training lab's step: the engine vs the same model in tfjs-wasm
  './suite-page.mjs',         // lesson pages: navigation -> first engine number, first screen drawn
  './suite-webgpu.mjs',       // attnbook-webgpu (WGSL flash kernel) vs tfjs-webgpu, Chromium's WebGPU
];
