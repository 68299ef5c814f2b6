// The shipped .wasm that runs attention at scale (the scale module, attnbook-scale.wasm, which the
// attention-at-scale cell's worker loads) must run the attention kernel on SIMD128 (xsimd compiled with -msimd128
// -msse2), checked inside the kernel's own function and not anywhere in the module, so that a
// kernel turned scalar fails even while other functions keep their vector code.
// The link writes a symbol map beside the module (--emit-symbol-map in CMakeLists.txt: lines
// "index:name", the index counting imported functions first; the .wasm itself is unchanged);
// binaryen's wasm-dis prints the module with imports named $fimport$N and the module's own
// functions $0, $1, ... in order, so function `index` is $(index - number of imports).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { WASM_DIR } from './engine.mjs';

const wasmPath = path.join(WASM_DIR, 'attnbook-scale.wasm');
const symbolsPath = path.join(WASM_DIR, 'attnbook-scale.mjs.symbols');
assert.ok(fs.existsSync(symbolsPath), `${symbolsPath} is missing: rebuild with \`scripts/build wasm\``);
// (emcc writes the map before the final .wasm; on a busy machine a second or more apart.)
assert.ok(fs.statSync(symbolsPath).mtimeMs >= fs.statSync(wasmPath).mtimeMs - 60000,
  'the symbol map is older than the .wasm: rebuild with `scripts/build wasm`');

const wat = execFileSync('wasm-dis', [wasmPath], { encoding: 'utf8', maxBuffer: 1 << 28 });
const importedFunctions = (wat.match(/^ \(import "[^"]*" "[^"]*" \(func /gm) || []).length;
// Names are escaped in the map: "\28" is "(", "\20" a space.
const symbols = fs.readFileSync(symbolsPath, 'utf8').trim().split('\n').map((line) => {
  const colon = line.indexOf(':');
  const name = line.slice(colon + 1).replace(/\\([0-9a-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return { index: Number(line.slice(0, colon)), name };
});

function watName(qualified) {
  const found = symbols.filter((s) => s.name.startsWith(`${qualified}(`));
  assert.equal(found.length, 1, `${qualified} in the symbol map: ${found.length} matches`);
  assert.ok(found[0].index >= importedFunctions, `${qualified} is an import`);
  return `$${found[0].index - importedFunctions}`;
}

// The function's name in the disassembly, or null when the link inlined it into its only caller
// (binaryen does that to a function called from one place).
function watNameIfKept(qualified) {
  return symbols.some((s) => s.name.startsWith(`${qualified}(`)) ? watName(qualified) : null;
}

// The text of one function of the disassembly: from its header to the next function's.
function body(qualified) {
  const start = wat.indexOf(`\n (func ${watName(qualified)} `);
  assert.ok(start >= 0, `${qualified} not found in the disassembly`);
  const end = wat.indexOf('\n (func ', start + 1);
  return wat.slice(start, end < 0 ? undefined : end);
}

const count = (text, op) => (text.match(new RegExp(`\\(${op.replace('.', '\\.')}\\b`, 'g')) || []).length;

test('the tiled 4x8 attention kernel (the engine\'s choice) computes on f32x4 register tiles', () => {
  const kernel = body('attnbook::(anonymous namespace)::run_tiled_4x8');
  const ops = Object.fromEntries(['f32x4.mul', 'f32x4.add', 'v128.load32_splat', 'v128.load', 'v128.store', 'i32x4.shl',
    'f32x4.extract_lane'].map((op) => [op, count(kernel, op)]));
  const seen = JSON.stringify(ops);
  // A 4-row x 8-key score tile is 4 x 2 f32x4 accumulators, each acc += splat(q[r][e]) * k: 8
  // multiplies and 8 adds per step of e; the 4 x 8 tile of o over the keys (acc += splat(p) * v)
  // another 8 and 8. Under -fno-fast-math the compiler never builds such tiles from scalar code
  // (it may not reorder float sums), so these counts exist only while the kernel's SIMD code does.
  assert.ok(ops['f32x4.mul'] >= 16 && ops['f32x4.add'] >= 16, `fewer than two 4x8 register tiles: ${seen}`);
  // q and p are broadcast straight from memory, and K / V rows arrive as whole vectors.
  assert.ok(ops['v128.load32_splat'] >= 4 && ops['v128.load'] >= 2, `no broadcast-and-load tile loop: ${seen}`);
  // The online softmax is inline: the vector exp builds 2^n with an integer shift, and no call
  // to the separate softmax kernel is made.
  assert.ok(ops['i32x4.shl'] >= 1, `no vector exp in the kernel: ${seen}`);
  const softmax = watNameIfKept('attnbook::softmax_f32_xsimd');
  assert.ok(!softmax || !kernel.includes(`(call ${softmax}\n`), 'the tiled kernel calls softmax_f32_xsimd (the softmax should be online)');
});

test('the scale module carries the engine\'s tile only (the other shapes are for tests and benchmarks)', () => {
  for (const shape of ['2x16', '6x8']) {
    assert.ok(!symbols.some((s) => s.name.includes(`run_tiled_${shape}`) || s.name.includes(`tiled_${shape}_xsimd`)),
      `the ${shape} tile is linked into attnbook-scale.wasm`);
  }
});

test('the rowwise kernel (the one that handles masks, dropout and weights) still computes on f32x4', () => {
  const kernel = body('attnbook::scaled_dot_product_attention_rowwise_xsimd');
  const ops = Object.fromEntries(['f32x4.mul', 'f32x4.add', 'f32x4.splat', 'f32x4.extract_lane', 'i8x16.shuffle',
    'v128.load', 'v128.store'].map((op) => [op, count(kernel, op)]));
  const seen = JSON.stringify(ops);
  // dot_f32: acc += load(q) * load(k) in four lanes, then the lanes summed (xsimd::hadd: lane
  // shuffles and an extract). Under -fno-fast-math the compiler may not reorder a float sum, so
  // it never vectorises a scalar dot product by itself: this reduction exists only while the
  // kernel's own SIMD code does (checked: with dot_f32 written as a scalar loop it is gone).
  assert.ok(ops['f32x4.mul'] >= 1 && ops['f32x4.add'] >= 1, `no f32x4 multiply-add: ${seen}`);
  assert.ok(ops['i8x16.shuffle'] >= 1 && ops['f32x4.extract_lane'] >= 1,
    `no sum across lanes (the vector dot product is gone): ${seen}`);
  // axpy_f32: store(y, load(y) + splat(w) * load(x)), the weighted sum of the value rows.
  assert.ok(ops['f32x4.splat'] >= 1 && ops['v128.store'] >= 1, `no vector weighted sum of V: ${seen}`);
  // pass 3 is the vector softmax: called from the kernel, or inlined into it by the link (its one
  // caller), in which case its vector exp (2^n by an integer shift) is in the kernel's body.
  const softmax = watNameIfKept('attnbook::softmax_f32_xsimd');
  if (softmax) assert.ok(kernel.includes(`(call ${softmax}\n`), `the kernel does not call softmax_f32_xsimd (${softmax})`);
  else assert.ok(count(kernel, 'i32x4.shl') >= 1, 'softmax_f32_xsimd is neither called nor inlined in the rowwise kernel');
});

test('the softmax kernel exponentiates on f32x4, building 2^n with an integer shift', () => {
  // Its own body, or the rowwise kernel's where the link inlined it (see above).
  const softmax = watNameIfKept('attnbook::softmax_f32_xsimd') ? body('attnbook::softmax_f32_xsimd')
    : body('attnbook::scaled_dot_product_attention_rowwise_xsimd');
  for (const op of ['f32x4.sub', 'f32x4.mul', 'f32x4.add', 'i32x4.shl']) {
    assert.ok(count(softmax, op) > 0, `${op} not in softmax_f32_xsimd`);
  }
  // xsimd's own exp converts float to int (_mm_cvttps_epi32), which Emscripten 3.1.6 lowers to a
  // scalar conversion per lane: the kernel's exp must not contain one.
  assert.equal((softmax.match(/trunc/g) || []).length, 0, 'a float-to-int conversion in softmax_f32_xsimd');
});
