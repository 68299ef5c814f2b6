// WebGPU rows: attnbook's WGSL flash kernel (attnbook-webgpu) against tfjs-backend-webgpu
// (tfjs-webgpu) in headless Chromium with --enable-unsafe-webgpu (scripts/bench-webgpu-suite.mjs).
// Without a GPU, Chromium's adapter is SwiftShader, which runs the shaders on the CPU: those numbers
// compare the two implementations, not GPU speed, and T = 4096 would take minutes there, so this
// suite stops at T = 1024 unless ATTNBOOK_BENCH_GPU_SIZES names the sizes (on a real GPU:
// ATTNBOOK_BENCH_GPU_SIZES=256,1024,2048,4096; scripts/bench-gpu runs the kernels alone).
import { runWebgpuSuite } from '../bench-webgpu-suite.mjs';

export default {
  name: 'webgpu',
  async run(ctx) {
    const fromEnv = process.env.ATTNBOOK_BENCH_GPU_SIZES;
    const sizes = fromEnv ? fromEnv.split(',').map(Number)
      : ctx.quick ? [256] : ctx.sizes.filter((T) => T <= 1024);
    ctx.say(`bench: webgpu: T = ${sizes.join(', ')}, d = 64`);
    const results = await runWebgpuSuite({ sizes, d: 64, repeats: ctx.quick ? 3 : 5 });
    const env = results[0]?.env || '';
    const notes = /swiftshader/i.test(env)
      ? ['webgpu: the adapter is SwiftShader (CPU): attnbook-webgpu vs tfjs-webgpu compares implementations, not GPU speed']
      : [];
    return { results, notes };
  },
};
