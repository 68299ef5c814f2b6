// The WGSL kernels' sizes (web/src/gpu/tiles.js) against the engine's head-width limits, and
// against what the device is really given: the widest head a cell may offer (the engine's `limits`,
// attention_scale.cell.head_width.max) is the flash kernel's MAX_D; both kernels match float64 at
// that width; one wider is refused before any GPU work, and a run at scale falls back to WASM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { nodeGpu, wgslSources, ROOT } from './gpu-node.mjs';
import { loadEngine } from '../wasm/engine.mjs';
import { openGpu, createGpuAttention, checkLimits, GpuUnavailable, KERNELS } from '../../web/src/gpu/attention-gpu.js';
import { FLASH_TILE, REFERENCE_GROUP } from '../../web/src/gpu/tiles.js';
import { runScaleJob } from '../../web/src/scale-job.js';
import { attentionRowF64, rowTolerance, randomTensor } from './reference-f64.mjs';

let limits;       // the engine's `limits` answer
let maxWidth;     // the widest head a cell may offer
let compiled;     // the WGSL text of each shader module the device was given, by label
let gpu;
let device;
before(async () => {
  limits = JSON.parse((await loadEngine('attnbook-author')).call('limits', '{}'));
  maxWidth = limits.attention_scale.cell.head_width.max;
  const opened = await openGpu(nodeGpu());
  compiled = {};
  const make = opened.device.createShaderModule.bind(opened.device);
  opened.device.createShaderModule = (d) => { compiled[d.label] = d.code; return make(d); };
  device = opened.device;
  gpu = createGpuAttention(device, wgslSources());
});
after(() => gpu?.destroy());

/** { NAME: value } of the `const NAME: u32 = VALUEu;` lines in a WGSL text. */
function u32Constants(code) {
  return Object.fromEntries([...code.matchAll(/^const (\w+): u32 = (\d+)u;/gm)].map(([, name, value]) => [name, Number(value)]));
}

test('the flash kernel\'s MAX_D is the widest head the engine lets a cell offer, and narrower than the engine\'s own limit', () => {
  assert.equal(FLASH_TILE.MAX_D, maxWidth);
  // So one wider is a width the engine accepts and the GPU path must refuse (tested below).
  assert.ok(maxWidth + 1 <= limits.attention_scale.head_width.max);
  // The K and V tiles fit WebGPU's default workgroup memory (every adapter has at least 16 KiB).
  assert.equal(KERNELS.flash.workgroupBytes, 2 * FLASH_TILE.BC * maxWidth * 4);
  assert.ok(KERNELS.flash.workgroupBytes <= 16384, `${KERNELS.flash.workgroupBytes} bytes`);
});

test('the WGSL files declare none of the sizes; the shaders compiled carry exactly those of tiles.js', async () => {
  for (const [kernel, names] of [['flash', ['MAX_D', 'BR', 'BC']], ['reference', ['SIDE', 'ROWS']]]) {
    const file = fs.readFileSync(path.join(ROOT, 'web', 'src', 'gpu', `attention_${kernel}.wgsl`), 'utf8');
    for (const name of names) assert.doesNotMatch(file, new RegExp(`\\b(const|override|let)\\s+${name}\\b`), `${kernel}: ${name} declared in the file`);
  }
  const n = 4 * 8;
  await gpu.run({ q: randomTensor(n, 1), k: randomTensor(n, 2), v: randomTensor(n, 3), tokens: 4, width: 8, heads: 1, kernel: 'flash' });
  await gpu.run({ q: randomTensor(n, 1), k: randomTensor(n, 2), v: randomTensor(n, 3), tokens: 4, width: 8, heads: 1, kernel: 'reference' });
  assert.deepEqual(u32Constants(compiled[KERNELS.flash.name]), { MAX_D: maxWidth, BR: FLASH_TILE.BR, BC: FLASH_TILE.BC });
  assert.deepEqual(u32Constants(compiled[KERNELS.reference.name]), { ...REFERENCE_GROUP });
  assert.equal(KERNELS.flash.name, `attention_flash_br${FLASH_TILE.BR}_bc${FLASH_TILE.BC}_vec4`);
});

for (const kernel of Object.keys(KERNELS)) {
  test(`${kernel}: at the widest head (the engine's limit) every row within the float64 tolerance, over two key tiles and two row blocks, causal`, async () => {
    // T past two row blocks and several key tiles: every k_tile/v_tile slot and every qrow/acc lane is used.
    const tokens = 2 * FLASH_TILE.BR + 3, width = maxWidth, heads = 2, n = heads * tokens * width;
    const q = randomTensor(n, 11), k = randomTensor(n, 12), v = randomTensor(n, 13);
    const scale = 1 / Math.sqrt(width);
    const { output } = await gpu.run({ q, k, v, tokens, width, heads, causal: true, scale, kernel });
    for (let head = 0; head < heads; head++) {
      for (let row = 0; row < tokens; row++) {
        const ref = attentionRowF64(q, k, v, { tokens, width, head, row, causal: true, scale });
        const tol = rowTolerance(ref, width);
        for (let c = 0; c < width; c++) {
          const err = Math.abs(output[(head * tokens + row) * width + c] - ref.out[c]);
          assert.ok(err <= tol, `head ${head} row ${row} col ${c}: error ${err} > ${tol}`);
        }
      }
    }
  });
}

test('one wider than the engine\'s limit: refused by the limits check and by a run, before any GPU work', async () => {
  const width = maxWidth + 1, tokens = 4, n = tokens * width;
  for (const kernel of Object.keys(KERNELS)) {
    assert.equal(checkLimits(device.limits, { tokens, width, heads: 1, kernel }), `head width ${width} is over the kernels' ${maxWidth}`);
    await assert.rejects(gpu.run({ q: randomTensor(n, 1), k: randomTensor(n, 2), v: randomTensor(n, 3), tokens, width, heads: 1, kernel }),
      (e) => e instanceof GpuUnavailable && e.reason === 'limits');
  }
});

test('a run at scale one wider than the limit (the engine accepts it) runs on WASM, with a note naming the width', async () => {
  const engine = await loadEngine('attnbook-scale');
  const args = { tokens: 32, head_width: maxWidth + 1, heads: 1, causal: false, divisor: 'sqrt', seed: 1, backend: 'auto' };
  const r = await runScaleJob(engine, args, { shaders: wgslSources(), gpu: nodeGpu() });
  assert.equal(r.backend, 'wasm');
  assert.match(r.note, new RegExp(`head width ${maxWidth + 1} is over the kernels' ${maxWidth}`));
  assert.ok(r.report.max_rel_error.exact < 1e-5);
});
