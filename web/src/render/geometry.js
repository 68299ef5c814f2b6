// Plane geometry for the explorable's drawings, in data coordinates. No DOM here, so
// tests/unit runs it under plain Node.

/** Half-width of a square view that holds every point with a margin (at least `min`). */
export function extentFor(points, min = 2) {
  let r = min;
  for (const p of points) for (const x of p) if (Number.isFinite(x)) r = Math.max(r, Math.ceil(Math.abs(x) + 0.6));
  return r;
}

/**
 * Convex hull (Andrew's monotone chain) of 2-D points, for the region the output can reach: its
 * vertices counter-clockwise from the lowest (x, y), each once; two points for points on one
 * line, one for a single (possibly repeated) point. Repeats are dropped first: two sources may
 * share a value, and a vertex listed twice would draw a zero-length edge.
 */
export function hull(points) {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const pts = sorted.filter((p, i) => i === 0 || p[0] !== sorted[i - 1][0] || p[1] !== sorted[i - 1][1]);
  if (pts.length < 3) return pts;
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper = [];
  for (const p of pts.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/**
 * Where q's shadow falls on the line through key k: the point (q·k / k·k) k, or null for a zero
 * key. Drawn only (the numbers the page shows come from the engine).
 */
export function projection(q, k) {
  const kk = k[0] * k[0] + k[1] * k[1];
  if (kk === 0) return null;
  const t = (q[0] * k[0] + q[1] * k[1]) / kk;
  return [t * k[0], t * k[1]];
}
