/**
 * Clamped cubic splines as sbpy builds the HG1G2 basis functions: the curve passes through tabulated nodes, the
 * first derivative is imposed at the two end nodes only, interior derivatives follow from continuity of the second
 * derivative, the curve is the straight end tangent outside the nodes, and negative values are clipped to 0.
 * Reference: sbpy `sbpy/photometry/iau.py` (`HG1G2._phi1/_phi2/_phi3`); docs/references.md#hg1g2-model.
 */

/** A cubic Hermite spline: nodes `x` (rad), values `y`, first derivatives `d` at every node (per rad). */
export interface HermiteSpline {
  readonly x: readonly number[];
  readonly y: readonly number[];
  readonly d: readonly number[];
}

const RAD_PER_DEG = Math.PI / 180;

/**
 * Builds the clamped cubic spline through (x, y) with the two end derivatives imposed; the interior derivatives
 * solve the tridiagonal continuity system of the second derivative (Thomas algorithm).
 * @param xDeg nodes (deg), strictly increasing, at least 2.
 * @param y values at the nodes.
 * @param firstDerivative derivative at the first node (per rad).
 * @param lastDerivative derivative at the last node (per rad).
 * @returns the spline with nodes converted to radians.
 * Reference: de Boor 2001, A Practical Guide to Splines, ch. IV (complete cubic spline interpolation).
 */
export function clampedSpline(
  xDeg: readonly number[],
  y: readonly number[],
  firstDerivative: number,
  lastDerivative: number,
): HermiteSpline {
  const x = xDeg.map((v) => v * RAD_PER_DEG);
  const n = x.length;
  const d = new Array<number>(n).fill(0);
  d[0] = firstDerivative;
  d[n - 1] = lastDerivative;
  const m = n - 2;
  if (m > 0) {
    const a = new Array<number>(m).fill(0);
    const b = new Array<number>(m).fill(0);
    const c = new Array<number>(m).fill(0);
    const r = new Array<number>(m).fill(0);
    for (let k = 0; k < m; k++) {
      const i = k + 1;
      const h0 = x[i] - x[i - 1];
      const h1 = x[i + 1] - x[i];
      a[k] = 1 / h0;
      b[k] = 2 * (1 / h0 + 1 / h1);
      c[k] = 1 / h1;
      r[k] = 3 * ((y[i] - y[i - 1]) / (h0 * h0) + (y[i + 1] - y[i]) / (h1 * h1));
    }
    r[0] -= a[0] * firstDerivative;
    r[m - 1] -= c[m - 1] * lastDerivative;
    for (let k = 1; k < m; k++) {
      const w = a[k] / b[k - 1];
      b[k] -= w * c[k - 1];
      r[k] -= w * r[k - 1];
    }
    d[m] = r[m - 1] / b[m - 1];
    for (let k = m - 2; k >= 0; k--) d[k + 1] = (r[k] - c[k] * d[k + 2]) / b[k];
  }
  return { x, y: y.slice(), d };
}

/**
 * Evaluates a spline built by `clampedSpline`.
 * @param s the spline.
 * @param t abscissa (rad), any value.
 * @returns the cubic Hermite value inside the nodes, the end tangent line outside them, clipped below at 0; NaN for a NaN abscissa.
 * Reference: sbpy `HG1G2` basis construction (docs/references.md#hg1g2-model).
 */
export function evaluateSpline(s: HermiteSpline, t: number): number {
  const { x, y, d } = s;
  const n = x.length;
  let v: number;
  if (t <= x[0]) v = y[0] + d[0] * (t - x[0]);
  else if (t >= x[n - 1]) v = y[n - 1] + d[n - 1] * (t - x[n - 1]);
  else {
    let i = 0;
    while (t > x[i + 1]) i++;
    const h = x[i + 1] - x[i];
    const u = (t - x[i]) / h;
    const u2 = u * u;
    const u3 = u2 * u;
    v =
      (2 * u3 - 3 * u2 + 1) * y[i] +
      (u3 - 2 * u2 + u) * h * d[i] +
      (-2 * u3 + 3 * u2) * y[i + 1] +
      (u3 - u2) * h * d[i + 1];
  }
  return Math.max(v, 0);
}
