// The pure parts of the explorable (web/src/render/explorable/): reading typed numbers, the
// grid and number-line scales, the view extent fitting both ways, the state home, and the
// sentences about the engine's numbers (ties, underflow, the all-masked row, the comparison).
// Expected values are written by hand from the definitions, not taken from the code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseEntry } from '../../web/src/render/explorable/parse.js';
import { gridStep, scaleText, ticks, lineRange } from '../../web/src/render/explorable/scale.js';
import { createState, sameRows } from '../../web/src/render/explorable/state.js';
import {
  listText, shareText, summarySentence, compareSentence, unchanged, goalMet,
} from '../../web/src/render/explorable/sentences.js';
import { extentFor, projection } from '../../web/src/render/geometry.js';

const pair = (exact, shown = String(Math.round(exact * 1000) / 1000)) => ({ exact, shown });

test('typed numbers: decimals are read, everything else is refused with a reason', () => {
  assert.deepEqual(parseEntry(' 2.5 ', 1e6), { ok: true, value: 2.5 });
  assert.deepEqual(parseEntry('-1e3', 1e6), { ok: true, value: -1000 });
  assert.deepEqual(parseEntry('.5', 1e6), { ok: true, value: 0.5 });
  assert.deepEqual(parseEntry('-0', 1e6), { ok: true, value: 0 });
  assert.equal(parseEntry('', 1e6).ok, false);
  assert.match(parseEntry('', 1e6).message, /Type a number/);
  assert.match(parseEntry('1e7', 1e6).message, /out of range.*-1000000 to 1000000/);
  assert.match(parseEntry('abc', 1e6).message, /not a number/);
  assert.equal(parseEntry('0x10', 1e6).ok, false, 'hex is not a decimal');
  assert.equal(parseEntry('1e999', 1e6).ok, false, 'infinity is refused');
  assert.equal(parseEntry('1,5', 1e6).ok, false);
  assert.equal(parseEntry('1000000', 1e6).ok, true, 'the limit itself is allowed');
});

test('grid step and its words', () => {
  assert.equal(gridStep(3), 1);
  assert.equal(gridStep(6), 1);
  assert.equal(gridStep(7), 2); // 7/6 = 1.17 -> 2
  assert.equal(gridStep(51), 10); // 8.5 -> 10
  assert.equal(gridStep(13), 5); // 2.17 -> 5
  assert.equal(scaleText(1), 'Each grid interval is 1 unit, the same on both axes.');
  assert.equal(scaleText(10), 'Each grid interval is 10 units, the same on both axes.');
  assert.deepEqual(ticks(3, 1), [-3, -2, -1, 1, 2, 3]);
  assert.deepEqual(ticks(51, 10), [-50, -40, -30, -20, -10, 10, 20, 30, 40, 50]);
});

test('the view fits both ways: a far point grows it, and without it the view is small again', () => {
  const keys = [[-1, 2], [1, 0], [0, 1]];
  const far = extentFor([[50, 1], [2, 1], ...keys], 3);
  assert.equal(far, 51); // ceil(50 + 0.6)
  assert.equal(extentFor([[2, 1], [2, 1], ...keys], 3), 3); // back to the minimum after Reset
});

test('number line: 4.5 by default, grows past the furthest score', () => {
  assert.equal(lineRange([0, 1.414, 0.707]), 4.5);
  assert.equal(lineRange([-6.2, 1]), 7.5); // ceil(6.2) + 0.5
  assert.equal(lineRange([NaN, 2]), 4.5);
});

test('projection of q on a key', () => {
  assert.deepEqual(projection([2, 1], [1, 0]), [2, 0]);
  assert.deepEqual(projection([2, 1], [0, 2]), [0, 1]);
  assert.deepEqual(projection([3, 4], [1, 1]), [3.5, 3.5]);
  assert.equal(projection([1, 1], [0, 0]), null);
});

test('the state home tells its listeners what changed, and nothing when nothing did', () => {
  const store = createState({ q: [2, 1], mask: [true] });
  const seen = [];
  store.subscribe((s, changed) => seen.push([...changed]));
  const q = [3, 1];
  store.set({ q });
  store.set({ q }); // same array: no change
  assert.deepEqual(seen, [['q']]);
  assert.deepEqual(store.get().q, [3, 1]);
  assert.ok(sameRows([[1, 2], [3]], [[1, 2], [3]]));
  assert.ok(!sameRows([[1, 2]], [[1, 3]]));
});

test('sentences: a clear winner', () => {
  const r = {
    scores: [pair(0), pair(Math.SQRT2, '1.414'), pair(Math.SQRT1_2, '0.707')],
    shares: [pair(0.14, '0.14'), pair(0.576, '0.576'), pair(0.284, '0.284')],
    output: [pair(-0.004), pair(0.868)],
    all_masked: false,
  };
  assert.equal(summarySentence(r, ['A', 'B', 'C'], [true, true, true]),
    'q matches B’s key best (score 1.414), so B gets the largest share, 0.576; C gets 0.284 and A gets 0.14. Output o = [-0.004, 0.868].');
});

test('sentences: a three-way tie is called a tie, not "matches A’s key best"', () => {
  const s = pair(Math.SQRT1_2, '0.707');
  const w = pair(1 / 3, '0.333');
  const r = { scores: [s, s, s], shares: [w, w, w], output: [pair(1 / 3, '0.333'), pair(1 / 3, '0.333')], all_masked: false };
  const text = summarySentence(r, ['A', 'B', 'C'], [true, true, true]);
  assert.doesNotMatch(text, /best/);
  assert.match(text, /matches all allowed keys equally \(score 0\.707 each\).*A, B and C get 0\.333 each/);
});

test('sentences: a two-way tie at the top, and a share that rounds or underflows to 0 is not masked', () => {
  const r = {
    scores: [pair(5), pair(5), pair(-800)],
    shares: [pair(0.5, '0.5'), pair(0.5, '0.5'), pair(0, '0')],
    output: [pair(1), pair(1)],
    all_masked: false,
  };
  const text = summarySentence(r, ['A', 'B', 'C'], [true, true, true]);
  assert.match(text, /matches A’s and B’s keys equally well \(score 5 each\), so they get 0\.5 each/);
  assert.match(text, /C gets exactly 0 \(its share underflows in double precision; C is not masked\)/);
  assert.equal(shareText('A', pair(1e-5, '0')), 'A gets less than 0.0005 (shown as 0; A is not masked)');
  assert.equal(shareText('A', pair(0.25, '0.25')), 'A gets 0.25');
});

test('sentences: every source masked says there is no output, and names no numbers', () => {
  const z = pair(0, '0');
  const r = { scores: [pair(1), pair(2)], shares: [z, z], output: [z, z], all_masked: true };
  const text = summarySentence(r, ['A', 'B'], [false, false]);
  assert.match(text, /Every source is masked/);
  assert.match(text, /no output/);
  assert.doesNotMatch(text, /o =/);
});

test('sentences: masked sources are named as masked', () => {
  const r = { scores: [pair(1), pair(2)], shares: [pair(1, '1'), pair(0, '0')], output: [pair(2), pair(0)], all_masked: false };
  assert.match(summarySentence(r, ['A', 'B'], [true, false]), /Only A is allowed.*Masked \(left out before the softmax\): B\./);
});

test('comparison: unchanged within 1e-12, absolute, and the one-line summary', () => {
  assert.ok(unchanged(pair(0.1 + 0.2), pair(0.3)));
  assert.ok(unchanged(pair(1), pair(1 + 0.5e-12)));
  assert.ok(!unchanged(pair(1), pair(1 + 3e-12)));
  const base = { scores: [pair(0), pair(1)], shares: [pair(0.3), pair(0.7)], output: [pair(1), pair(2)], all_masked: false };
  const shifted = { ...base, scores: [pair(0.5), pair(1.5)] };
  assert.equal(compareSentence(shifted, base), 'Scores changed; shares unchanged; output unchanged.');
  assert.equal(compareSentence(base, base), 'Scores unchanged; shares unchanged; output unchanged.');
  const moved = { ...base, shares: [pair(0.4), pair(0.6)], output: [pair(1.1), pair(2)] };
  assert.equal(compareSentence(moved, base), 'Scores unchanged; shares changed; output changed.');
  assert.match(compareSentence({ ...base, all_masked: true }, { ...base, all_masked: true }), /no shares or output to compare/);
});

test('goal: the source\'s exact share above the bar', () => {
  const r = (b) => ({ shares: [pair(1 - b), pair(b)], all_masked: false });
  const goal = { source: 1, above: 0.9 };
  assert.ok(goalMet(r(0.91), goal));
  assert.ok(!goalMet(r(0.9), goal), 'exactly 0.9 is not more than 0.9');
  assert.ok(!goalMet({ ...r(0.95), all_masked: true }, goal));
  assert.ok(!goalMet(null, goal));
  assert.equal(listText(['A']), 'A');
  assert.equal(listText(['A', 'B', 'C']), 'A, B and C');
});

test('the Python panel folds the exp helper out of sight and keeps everything else', async () => {
  const { foldHelper } = await import('../../web/src/render/explorable/python-fold.js');
  const program = 'import math\n\n\ndef engine_exp(x):\n    return x\n    # more\n\n# Match\ndots = 1\n';
  const { main, helper } = foldHelper(program);
  assert.equal(helper, 'def engine_exp(x):\n    return x\n    # more');
  assert.match(main, /^import math\n\n\n# engine_exp\(x\): .*folded below/);
  assert.match(main, /\n\n# Match\ndots = 1\n$/);
  assert.doesNotMatch(main, /return x/);
  assert.deepEqual(foldHelper('print(1)\n'), { main: 'print(1)\n', helper: null });
});

test('playback timeline: captions, phases and reduced motion', async () => {
  const { captionAt, captionStart, frameAt, clockText } = await import('../../web/src/render/playback-timeline.js');
  assert.equal(captionAt(0, 30), 0);
  assert.equal(captionAt(4.99, 30), 0);
  assert.equal(captionAt(5, 30), 1);
  assert.equal(captionAt(29.9, 30), 5);
  assert.equal(captionAt(30, 30), 5);
  assert.equal(captionAt(-3, 30), 0);
  assert.equal(captionStart(3, 30), 15);
  assert.deepEqual(frameAt(5, 30), { match: 0.5, share: 0, mix: 0 });
  assert.deepEqual(frameAt(25, 30), { match: 1, share: 1, mix: 0.5 });
  // Reduced motion: inside caption 1 (5 s to 10 s) the frame is the finished one at 10 s.
  assert.deepEqual(frameAt(6, 30, true), { match: 1, share: 0, mix: 0 });
  assert.deepEqual(frameAt(30, 30, true), { match: 1, share: 1, mix: 1 });
  assert.equal(clockText(12.7, 30), '0:12 of 0:30');
});

test('an exact 0 under sparsemax or entmax15 is the normaliser\'s, not an underflow or a mask', () => {
  const p = (exact, shown) => ({ exact, shown });
  assert.equal(shareText('A', p(0, '0'), 'sparsemax'), 'A gets exactly 0 (sparsemax)');
  assert.equal(shareText('A', p(0, '0'), 'entmax15'), 'A gets exactly 0 (entmax15)');
  assert.match(shareText('A', p(0, '0')), /underflows in double precision/);
  const r = { normalizer: 'sparsemax', all_masked: false, scores: [p(0, '0'), p(1.414, '1.414'), p(0.707, '0.707')],
    shares: [p(0, '0'), p(0.854, '0.854'), p(0.146, '0.146')], output: [p(-0.146, '-0.146'), p(1.561, '1.561')] };
  const text = summarySentence(r, ['A', 'B', 'C'], [true, true, true]);
  assert.match(text, /A gets exactly 0 \(sparsemax\)/);
  assert.doesNotMatch(text, /masked/);
});
