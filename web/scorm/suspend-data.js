// cmi.suspend_data for a notebook: which cells were seen and which practice cells were answered
// correctly (by index, as hexadecimal bit masks), the depth and the last cell seen. SCORM 1.2
// allows 4096 characters; a notebook of the largest size (500 cells) needs about 300. No DOM.
//
//   {"v":1,"d":"beginner","l":3,"s":"1f","c":"4"}
// Nothing the learner typed is in it.

const VERSION = 1;

function toMask(indices) {
  let bits = 0n;
  for (const i of indices) if (Number.isInteger(i) && i >= 0) bits |= 1n << BigInt(i);
  return bits.toString(16);
}

function fromMask(hex, count) {
  if (typeof hex !== 'string' || !/^[0-9a-f]{1,200}$/.test(hex)) return [];
  const bits = BigInt(`0x${hex}`);
  const out = [];
  for (let i = 0; i < count; i++) if ((bits >> BigInt(i)) & 1n) out.push(i);
  return out;
}

/** The text to store for `state` ({seen, correct, depth, location}). */
export function encodeSuspendData(state) {
  const data = { v: VERSION, s: toMask(state.seen), c: toMask(state.correct) };
  if (state.depth) data.d = state.depth;
  if (Number.isInteger(state.location)) data.l = state.location;
  return JSON.stringify(data);
}

/** The stored text back as {seen, correct, depth, location} for a notebook of `cellCount` cells; null if unreadable. */
export function decodeSuspendData(text, cellCount, depths) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || data.v !== VERSION) return null;
  return {
    seen: fromMask(data.s, cellCount),
    correct: fromMask(data.c, cellCount),
    depth: depths.includes(data.d) ? data.d : null,
    location: Number.isInteger(data.l) && data.l >= 0 && data.l < cellCount ? data.l : null,
  };
}
