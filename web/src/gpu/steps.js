// What the attention kernels are given, submission by submission: the Params bytes of each, and
// the workgroups it dispatches. The flash kernel's submissions are sized by a budget of work
// (attention-gpu.js adapts it to the adapter); the reference kernel's three passes per head go one
// by one. Nothing here touches a device. The workgroup sizes are the kernels' own (tiles.js).
import { FLASH_TILE, REFERENCE_GROUP } from './tiles.js';

export const PARAM_BYTES = 32; // struct Params: 8 x 4 bytes
const { BR, BC } = FLASH_TILE; // rows per workgroup; keys per tile: key ranges start at its multiples
const { SIDE, ROWS } = REFERENCE_GROUP;
const KEY_GROUPS = 16;         // workgroups per submission when the keys are split: enough to keep a CPU adapter's cores busy

/** struct Params: tokens, width, heads, causal, scale, extra (the flash kernel's first workgroup; the reference's head), key range. */
function params(tokens, width, heads, causal, scale, extra, keyRange = [0, 0]) {
  const bytes = new ArrayBuffer(PARAM_BYTES);
  const u = new Uint32Array(bytes);
  const f = new Float32Array(bytes);
  u[0] = tokens; u[1] = width; u[2] = heads; u[3] = causal ? 1 : 0;
  f[4] = scale; u[5] = extra;
  u.set(keyRange, 6);
  return bytes;
}

/**
 * The flash kernel's submissions, one at a time, each as large as budget() says (products, see
 * SUBMIT_TARGET_MS in attention-gpu.js): a set of (head, row block) workgroups over all keys when
 * the budget holds at least one workgroup's whole row of keys, else KEY_GROUPS workgroups over a
 * range of keys, range after range. Returns next() -> { groups, first, keyBegin, keyEnd, keys } or
 * null, where `keys` is the keys x BR rows this submission really covers (for progress).
 */
function flashSchedule({ tokens, width, heads, causal }, budget, perDim) {
  const blocks = Math.ceil(tokens / BR);
  const total = heads * blocks;
  const blockEnd = (g) => (causal ? Math.min(tokens, ((g % blocks) + 1) * BR) : tokens);
  const perKey = BR * width; // products per key per workgroup
  let group = 0;             // first workgroup of the current set
  let count = 0;             // workgroups in it
  let keyBegin = 0;          // next key range of the set
  let setEnd = 0;            // the set's last key (the largest block end in it)
  return function next() {
    if (group + count >= total && keyBegin >= setEnd) return null;
    const work = budget();
    if (keyBegin >= setEnd) { // a new set of workgroups
      group += count;
      const whole = Math.floor(work / (perKey * tokens));
      count = Math.max(1, Math.min(total - group, perDim, whole >= 1 ? whole : KEY_GROUPS));
      keyBegin = 0;
      setEnd = 0;
      for (let g = group; g < group + count; g++) setEnd = Math.max(setEnd, blockEnd(g));
    }
    const span = Math.max(BC, Math.floor(work / (count * perKey) / BC) * BC);
    const keyEnd = Math.min(setEnd, keyBegin + span);
    let keys = 0;
    for (let g = group; g < group + count; g++) keys += Math.max(0, Math.min(keyEnd, blockEnd(g)) - keyBegin);
    const step = { groups: count, first: group, keyBegin, keyEnd, keys };
    keyBegin = keyEnd;
    return step;
  };
}

/**
 * The submissions of a run: { next() -> { entry, params, groups, units, products } or null,
 * totalUnits } (units: progress, out of totalUnits; products: the work, for the adaptive budget).
 */
export function kernelSteps({ tokens, width, heads, causal, scale, kernel }, budget, perDim) {
  if (kernel === 'flash') {
    const blocks = Math.ceil(tokens / BR);
    let totalUnits = 0;
    for (let b = 0; b < blocks; b++) totalUnits += heads * (causal ? Math.min(tokens, (b + 1) * BR) : tokens);
    const schedule = flashSchedule({ tokens, width, heads, causal }, budget, perDim);
    const next = () => {
      const st = schedule();
      if (!st) return null;
      const pr = params(tokens, width, heads, causal, scale, st.first, [st.keyBegin, st.keyEnd]);
      return { entry: 'main', params: pr, groups: [st.groups, 1, 1], units: st.keys, products: st.groups * BR * width * (st.keyEnd - st.keyBegin) };
    };
    return { next, totalUnits };
  }
  const steps = [];
  for (let head = 0; head < heads; head++) {
    const pr = params(tokens, width, heads, causal, scale, head);
    steps.push({ entry: 'scores', params: pr, groups: [Math.ceil(tokens / SIDE), Math.ceil(tokens / SIDE), 1], units: 1 });
    steps.push({ entry: 'softmax', params: pr, groups: [Math.ceil(tokens / ROWS), 1, 1], units: 1 });
    steps.push({ entry: 'mix', params: pr, groups: [Math.ceil(width / SIDE), Math.ceil(tokens / SIDE), 1], units: 1 });
  }
  return { next: () => steps.shift() || null, totalUnits: steps.length };
}
