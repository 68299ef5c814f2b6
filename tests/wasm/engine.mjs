// Loads the built Embind module in Node the way old Emscripten output needs it
// (wasmBinary handed over: its own fetch of a file path fails under Node 20), and runs CLIs.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WASM_DIR = process.env.ATTNBOOK_BUILD_WASM || path.join(ROOT, 'build/wasm');
export const NATIVE_DIR = process.env.ATTNBOOK_BUILD_NATIVE || path.join(ROOT, 'build/native');

/**
 * `name`: attnbook (the learner's module), attnbook-author (plus the validator and authoring commands),
 * attnbook-export (plus the Jupyter export) or attnbook-scale (the attention-at-scale cell's runs only).
 */
export async function loadEngine(name = 'attnbook') {
  const { default: createAttnbook } = await import(path.join(WASM_DIR, `${name}.mjs`));
  return createAttnbook({ wasmBinary: fs.readFileSync(path.join(WASM_DIR, `${name}.wasm`)) });
}

export function runNativeCli(args) {
  return spawnSync(path.join(NATIVE_DIR, 'attnbook'), args, { encoding: 'utf8', cwd: ROOT });
}

export function runWasmCli(args) {
  return spawnSync(process.execPath, ['--no-experimental-fetch', path.join(WASM_DIR, 'attnbook-cli.cjs'), ...args],
    { encoding: 'utf8', cwd: ROOT });
}

export function runScript(args) {
  return spawnSync(path.join(ROOT, 'scripts/attnbook'), args, { encoding: 'utf8', cwd: ROOT });
}
