// The .wasm must really contain SIMD128 arithmetic from the xsimd kernels (compiled with
// -msimd128 -msse2): disassemble it with binaryen's wasm-dis and count the vector instructions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { WASM_DIR } from './engine.mjs';

const text = execFileSync('wasm-dis', [path.join(WASM_DIR, 'attnbook.wasm')], { encoding: 'utf8', maxBuffer: 1 << 28 });
const count = (op) => (text.match(new RegExp(`\\(${op.replace('.', '\\.')}\\b`, 'g')) || []).length;

test('the module contains f32x4 arithmetic (dot products, softmax, weighted sums)', () => {
  for (const op of ['f32x4.mul', 'f32x4.add', 'f32x4.sub']) assert.ok(count(op) > 0, `${op} not found`);
});

test('the vector exp builds 2^n without a float-to-int conversion loop', () => {
  // The softmax exp shifts integer lanes into the exponent field (i32x4.shl) instead of
  // converting floats to ints, which Emscripten 3.1.6 lowers to scalar code.
  assert.ok(count('i32x4.shl') > 0, 'i32x4.shl not found');
});
