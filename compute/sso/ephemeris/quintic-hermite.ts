/**
 * Dense output on integration nodes: quintic Hermite interpolation of position from the position, velocity and
 * acceleration at the two nodes around the requested time (exact for quintic motion). Pure.
 * Reference: Hairer, Nørsett & Wanner 1993, Solving Ordinary Differential Equations I, §II.6 (Hermite dense
 *   output); error bound h^6 max|r^(6)| / 46080 for a node spacing h.
 */

/**
 * State at a time from nodes carrying position, velocity and acceleration, written into `out`.
 * @param nodeTimes node times, strictly increasing (any unit, the same as `time`; at least 2 nodes).
 * @param nodes nine values per node: position (3), its first derivative (3) and second derivative (3), in the
 *   units of position per unit of time.
 * @param time when to interpolate, within [nodeTimes[0], nodeTimes[last]].
 * @param out receives position (3) and first derivative (3), length >= 6.
 * @returns false (and `out` untouched) when `time` is outside the nodes or there are fewer than 2; else true.
 */
export function quinticHermiteAt(
  nodeTimes: Float64Array,
  nodes: Float64Array,
  time: number,
  out: Float64Array,
): boolean {
  const last = nodeTimes.length - 1;
  if (!(last >= 1 && time >= nodeTimes[0] && time <= nodeTimes[last])) return false;
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (nodeTimes[mid] <= time) lo = mid;
    else hi = mid;
  }
  const h = nodeTimes[hi] - nodeTimes[lo];
  const s = (time - nodeTimes[lo]) / h;
  const s2 = s * s;
  const s3 = s2 * s;
  const s4 = s3 * s;
  const s5 = s4 * s;
  // Basis for p0, h v0, h^2 a0, h^2 a1, h v1, p1 and their derivatives in s.
  const b0 = 1 - 10 * s3 + 15 * s4 - 6 * s5;
  const b1 = s - 6 * s3 + 8 * s4 - 3 * s5;
  const b2 = 0.5 * s2 - 1.5 * s3 + 1.5 * s4 - 0.5 * s5;
  const b3 = 0.5 * s3 - s4 + 0.5 * s5;
  const b4 = -4 * s3 + 7 * s4 - 3 * s5;
  const d0 = -30 * s2 + 60 * s3 - 30 * s4;
  const d1 = 1 - 18 * s2 + 32 * s3 - 15 * s4;
  const d2 = s - 4.5 * s2 + 6 * s3 - 2.5 * s4;
  const d3 = 1.5 * s2 - 4 * s3 + 2.5 * s4;
  const d4 = -12 * s2 + 28 * s3 - 15 * s4;
  const h2 = h * h;
  const a = 9 * lo;
  const b = 9 * hi;
  for (let c = 0; c < 3; c++) {
    const p0 = nodes[a + c];
    const v0 = nodes[a + 3 + c] * h;
    const a0 = nodes[a + 6 + c] * h2;
    const p1 = nodes[b + c];
    const v1 = nodes[b + 3 + c] * h;
    const a1 = nodes[b + 6 + c] * h2;
    // b5 = 1 - b0 and d5 = -d0: the p1 term is written as the difference p1 - p0.
    const dp = p1 - p0;
    out[c] = p0 + b1 * v0 + b2 * a0 + b3 * a1 + b4 * v1 + (1 - b0) * dp;
    out[c + 3] = (d1 * v0 + d2 * a0 + d3 * a1 + d4 * v1 - d0 * dp) / h;
  }
  return true;
}
