// The "attention at scale" cell and the precision lab in Chromium:
//   - with --enable-unsafe-webgpu (a SwiftShader adapter here) the run is on WebGPU, and the
//     engine's float64 check of sampled rows agrees with it to float32 accuracy;
//   - without the flag there is no adapter: the same cell runs on WebAssembly and says why;
//   - 'wasm' forced skips the GPU; a long run is cancelled and the cell runs again afterwards;
//   - the precision lab shows float16's naive softmax overflowing on unscaled logits only.
// Every run ends with data-backend and data-max-rel-error on the cell's root element.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launchBrowser, startSite, screenshot, openPage, notebooks,
} from './harness.mjs';

const doc = {
  format: 'attnbook-notebook/1', id: 'scaled-dot-product-attention', title: 'Scale test', version: '1.0.0',
  depths: ['researcher'],
  cells: [
    { type: 'attention-scale', id: 'scale', tokens: 128, head_width: 16, heads: 2, causal: true },
    { type: 'precision-lab', id: 'lab', tokens: [16, 64], head_width: 16 },
  ],
};

let site;
let plain;   // Chromium as it starts by default: no WebGPU adapter
let webgpu;  // with --enable-unsafe-webgpu: SwiftShader's
before(async () => {
  site = await startSite();
  plain = await launchBrowser();
  webgpu = await launchBrowser(['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-angle=swiftshader', '--use-webgpu-adapter=swiftshader']);
});
after(async () => {
  await plain?.close();
  await webgpu?.close();
  await site?.stop();
});

async function open(browser) {
  // openWithNotebookText uses the harness's own browser and site; do the same by hand here.
  const opened = await openPage(browser, site, null);
  await opened.context.route(`${site.url}notebooks/${doc.id}.checked.json`, (route) =>
    route.fulfill({ status: 200, body: JSON.stringify(doc), headers: { 'Content-Type': 'application/json' } }));
  await opened.page.goto(`${site.url}${doc.id}/`);
  await opened.page.locator('attention-notebook .attention-scale').waitFor({ timeout: 20000 });
  return opened;
}

const root = (page) => page.locator('attention-notebook .attention-scale');

async function runAndWait(page, timeout = 120000) {
  await root(page).locator('button.run').click();
  await page.waitForFunction(() => {
    const el = document.querySelector('attention-notebook').shadowRoot.querySelector('.attention-scale');
    return el.dataset.backend || el.querySelector('.cell-error');
  }, null, { timeout });
  return root(page).evaluate((el) => ({
    backend: el.dataset.backend, rel: Number(el.dataset.maxRelError),
    note: el.querySelector('.fallback')?.textContent || null,
    where: el.querySelector('td.backend')?.textContent || null,
    error: el.querySelector('.cell-error')?.textContent || null,
    shown: [...el.querySelectorAll('.num')].map((n) => n.textContent),
    heat: el.querySelectorAll('svg rect.heat').length,
    wasmMemory: el.querySelector('td.wasm-memory')?.textContent || null,
  }));
}

// The largest relative error of float32 attention against float64 at T = 128, d = 16: logits
// of |.| < ~10 computed to ~1e-6, weights and the T-term sums to ~T * 2^-24 = 8e-6 at worst.
const F32_TOLERANCE = 1e-5;

test('with WebGPU (SwiftShader): the run is on the GPU and the engine\'s float64 check agrees', async () => {
  const { page, context, problems } = await open(webgpu);
  try {
    const r = await runAndWait(page);
    assert.equal(r.error, null);
    assert.equal(r.backend, 'webgpu', `ran on ${r.backend}: ${r.note}`);
    assert.equal(r.note, null);
    assert.match(r.where, /WebGPU on .*swiftshader/i);
    assert.match(r.where, /attention_flash_br64_bc16/);
    assert.ok(r.rel >= 0 && r.rel < F32_TOLERANCE, `max rel error ${r.rel}`);
    assert.equal(r.heat, 16 * 16);
    await screenshot(page, 'attention-scale-webgpu');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('without WebGPU: the same cell falls back to WebAssembly with a visible note', async () => {
  const { page, context, problems } = await open(plain);
  try {
    const r = await runAndWait(page);
    assert.equal(r.backend, 'wasm');
    assert.match(r.note, /(no WebGPU|no GPU adapter).*ran on WebAssembly SIMD instead/);
    assert.ok(r.rel < F32_TOLERANCE, `max rel error ${r.rel}`);
    await screenshot(page, 'attention-scale-wasm-fallback');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('forced WASM skips the GPU (no note); a long run is cancelled, and the cell runs again', async () => {
  const { page, context, problems } = await open(webgpu);
  try {
    await root(page).locator('select[id$="-b"]').selectOption('wasm');
    let r = await runAndWait(page);
    assert.equal(r.backend, 'wasm');
    assert.equal(r.note, null);
    // The kernel shown is the one that ran: the benchmark's tiled kernel, causal included.
    assert.match(r.where, /scaled_dot_product_attention_tiled_4x8_xsimd/);
    assert.match(r.wasmMemory, /^\d+\.\d MiB of WebAssembly memory held by the engine now; it cannot shrink/);
    // A run of minutes on WASM: T = 16384, d = 128, 8 heads.
    await root(page).locator('select[id$="-t"]').selectOption('16384');
    await root(page).locator('select[id$="-d"]').selectOption('128');
    await root(page).locator('input[id$="-h"]').fill('8');
    await root(page).locator('button.run').click();
    await page.waitForFunction(() => {
      const el = document.querySelector('attention-notebook').shadowRoot.querySelector('.attention-scale');
      return !el.dataset.backend && el.querySelector('button.cancel').hidden === false;
    });
    await page.waitForTimeout(500);
    await root(page).locator('button.cancel').click();
    assert.equal(await root(page).locator('.status').textContent(), 'Cancelled.');
    assert.equal(await root(page).getAttribute('data-backend'), null);
    assert.equal(await root(page).locator('button.run').isEnabled(), true);
    assert.equal(await root(page).locator('button.cancel').isHidden(), true);
    // A larger run grows the new worker's memory once; running it again reuses what it holds.
    await root(page).locator('select[id$="-t"]').selectOption('2048');
    await root(page).locator('select[id$="-d"]').selectOption('64');
    await root(page).locator('input[id$="-h"]').fill('1');
    r = await runAndWait(page);
    assert.equal(r.backend, 'wasm');
    const again = await runAndWait(page);
    assert.equal(again.wasmMemory, r.wasmMemory);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('the precision lab: float16\'s naive softmax overflows on unscaled logits only; errors ordered by format', async () => {
  const { page, context, problems } = await open(plain);
  try {
    const lab = page.locator('attention-notebook .precision-lab');
    await lab.locator('table').waitFor({ timeout: 60000 });
    const rows = await lab.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({
      format: tr.dataset.format, unscaled: tr.dataset.unscaled === 'true',
      overflow: tr.querySelectorAll('.overflow').length,
      errors: [...tr.querySelectorAll('td.numeric .num')].map((n) => Number((n.getAttribute('title') || '').replace('exact: ', ''))),
    })));
    assert.equal(rows.length, 6);
    for (const r of rows) assert.equal(r.overflow > 0, r.format === 'float16' && r.unscaled, JSON.stringify(r));
    const err = (format, unscaled) => rows.find((r) => r.format === format && r.unscaled === unscaled).errors;
    for (const unscaled of [false, true]) {
      err('float32', unscaled).forEach((e, i) => assert.ok(e < err('float16', unscaled)[i] && err('float16', unscaled)[i] < err('bfloat16', unscaled)[i]));
    }
    assert.equal(await lab.locator('svg polyline').count(), 6);
    await screenshot(page, 'precision-lab');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('the shipped notebook has both cells at the researcher depth', () => {
  const nb = notebooks()['scaled-dot-product-attention'];
  for (const type of ['attention-scale', 'precision-lab']) {
    const cell = nb.cells.find((c) => c.type === type);
    assert.ok(cell, type);
    assert.deepEqual(cell.depths, ['researcher']);
  }
});
