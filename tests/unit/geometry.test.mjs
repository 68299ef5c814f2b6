// web/src/render/geometry.js: the view extent and the convex hull the explorable shades.
// The hull is checked against what defines it rather than against another hull routine: its
// vertices are input points, distinct, in counter-clockwise order with strictly convex turns,
// starting at the lowest (x, y), and no input point lies outside any of its edges. Integer and
// tenth coordinates keep every cross product exact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extentFor, hull } from '../../web/src/render/geometry.js';

const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const key = (p) => `${p[0]},${p[1]}`;

function assertIsHull(points, h) {
  const input = new Set(points.map(key));
  const distinct = [...input].map((k) => k.split(',').map(Number));
  assert.ok(h.every((p) => input.has(key(p))), 'every vertex is an input point');
  assert.equal(new Set(h.map(key)).size, h.length, 'no vertex twice');
  if (distinct.length === 1) return assert.equal(h.length, 1);
  const lowest = distinct.reduce((a, b) => (b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]) ? b : a));
  assert.equal(key(h[0]), key(lowest), 'starts at the lowest (x, y)');
  if (h.length === 2) {
    // All points on one line: the two ends, every point on the segment between them.
    for (const p of distinct) assert.equal(cross(h[0], h[1], p), 0);
    return;
  }
  assert.ok(h.length >= 3, `a hull of ${distinct.length} points that are not on one line has 3+ vertices`);
  for (let i = 0; i < h.length; i++) {
    const [a, b, c] = [h[i], h[(i + 1) % h.length], h[(i + 2) % h.length]];
    assert.ok(cross(a, b, c) > 0, `strict left turn at ${key(b)}`);
    for (const p of distinct) assert.ok(cross(a, b, p) >= 0, `${key(p)} is not outside edge ${key(a)}-${key(b)}`);
  }
}

/** Deterministic points (a 32-bit LCG): n points with coordinates in tenths within ±span. */
function points(seed, n, span) {
  let s = seed >>> 0;
  const next = () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
  return Array.from({ length: n }, () => [Math.round((next() * 2 - 1) * span * 10) / 10, Math.round((next() * 2 - 1) * span * 10) / 10]);
}

test('hull of hand-drawn sets', () => {
  // A square with a point inside and one on an edge: the four corners, counter-clockwise.
  assert.deepEqual(hull([[0, 0], [2, 0], [2, 2], [0, 2], [1, 1], [1, 0]]), [[0, 0], [2, 0], [2, 2], [0, 2]]);
  // The lesson's values [2,0], [0,2], [-1,-1]: a triangle.
  assert.deepEqual(hull([[2, 0], [0, 2], [-1, -1]]), [[-1, -1], [2, 0], [0, 2]]);
  // Collinear: the two ends.
  assert.deepEqual(hull([[0, 0], [1, 1], [3, 3], [2, 2]]), [[0, 0], [3, 3]]);
  // Fewer than three points, and repeats.
  assert.deepEqual(hull([]), []);
  assert.deepEqual(hull([[1, 2]]), [[1, 2]]);
  assert.deepEqual(hull([[1, 2], [1, 2]]), [[1, 2]]);
  assert.deepEqual(hull([[1, 2], [1, 2], [1, 2]]), [[1, 2]]);
  assert.deepEqual(hull([[0, 0], [0, 0], [1, 0], [1, 0]]), [[0, 0], [1, 0]]);
});

test('hull of random sets (tenths, as the explorable\'s values) meets the definition', () => {
  for (let seed = 1; seed <= 300; seed++) {
    const n = 1 + (seed % 17);
    const pts = points(seed, n, seed % 3 === 0 ? 1 : 5); // span 1: many repeats and collinear points
    assertIsHull(pts, hull(pts));
  }
});

test('hull does not change its input', () => {
  const pts = [[2, 0], [0, 2], [-1, -1], [0, 0]];
  const copy = JSON.parse(JSON.stringify(pts));
  hull(pts);
  assert.deepEqual(pts, copy);
});

test('extentFor: at least min, the largest |coordinate| plus a 0.6 margin, rounded up; non-finite ignored', () => {
  assert.equal(extentFor([], 3), 3);
  assert.equal(extentFor([[0.5, -0.5]], 2), 2);
  assert.equal(extentFor([[2.5, -3]]), 4);        // 3 + 0.6 -> 4
  assert.equal(extentFor([[2.4, 0]]), 3);         // 2.4 + 0.6 = 3 exactly
  assert.equal(extentFor([[1, 2], [-7.3, 0]], 2), 8);
  assert.equal(extentFor([[NaN, Infinity], [1, 1]], 2), 2);
  assert.equal(extentFor([[1e6, 0]], 3), 1000001);
});
