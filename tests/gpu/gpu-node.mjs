// Opens WebGPU under Node through the npm `webgpu` package (Dawn). Here it finds SwiftShader's
// Vulkan driver when started with
//   LD_LIBRARY_PATH=/usr/lib/chromium VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json
// (scripts/test and scripts/bench-gpu set both when the machine has no Vulkan driver of its own).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { create, globals } from 'webgpu';

Object.assign(globalThis, globals); // GPUBufferUsage, GPUMapMode, ... as in a browser

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const GPU_DIR = path.join(ROOT, 'web', 'src', 'gpu');

/** The WGSL sources, read from their files (the page bundles the same files as text). */
export function wgslSources() {
  return {
    flash: fs.readFileSync(path.join(GPU_DIR, 'attention_flash.wgsl'), 'utf8'),
    reference: fs.readFileSync(path.join(GPU_DIR, 'attention_reference.wgsl'), 'utf8'),
  };
}

// One instance for the process, held here: Dawn's instance must outlive every device made from
// it (a collected instance stops the event loop that answers onSubmittedWorkDone, and Dawn aborts).
let instance = null;

/** navigator.gpu's counterpart under Node. */
export function nodeGpu() {
  instance ??= create([]);
  return instance;
}
