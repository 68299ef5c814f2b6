// The WGSL kernels' tile and workgroup sizes, written once: the shaders use the names and declare
// none of them; the host appends these declarations to the WGSL text before compiling it
// (withTile), and the host and the schedule (steps.js) read the same numbers.
//
// Why appended `const`s and not `override`s set in createComputePipeline's `constants`: the flash
// kernel keeps a query row, its output and a tile's logits in per-invocation arrays
// (array<vec4<f32>, MAX_D / 4>, array<f32, BC>), and WGSL allows an array sized by an override
// only in workgroup memory (Dawn: "override-sized arrays can only be used in the <workgroup>
// address space"). WGSL's module-scope declarations may come in any order, so appending keeps
// the line numbers a compiler reports those of the .wgsl file.
//
// MAX_D is the widest head the flash kernel holds (its registers and its 2 * BC * MAX_D * 4 bytes
// of workgroup memory, 16 KiB: WebGPU's default maxComputeWorkgroupStorageSize). The engine offers
// a cell no wider head (limits: attention_scale.cell.head_width.max); tests/gpu/tiles.test.mjs
// holds the two equal.

/** attention_flash.wgsl: FlashAttention-style tiles. */
export const FLASH_TILE = Object.freeze({
  MAX_D: 128, // largest head width (the host refuses wider: checkLimits)
  BR: 64,     // query rows per workgroup = invocations per workgroup
  BC: 16,     // keys per tile; key ranges of a split run start at its multiples
});

/** attention_reference.wgsl: workgroups of SIDE x SIDE (scores, mix) and ROWS (softmax) invocations. */
export const REFERENCE_GROUP = Object.freeze({ SIDE: 8, ROWS: 64 });

/** `wgsl` with a `const NAME: u32 = VALUEu;` line appended for each of `sizes`. */
export function withTile(wgsl, sizes) {
  const lines = Object.entries(sizes).map(([name, value]) => `const ${name}: u32 = ${value}u;`);
  return `${wgsl}\n// Appended by web/src/gpu/tiles.js (withTile).\n${lines.join('\n')}\n`;
}
