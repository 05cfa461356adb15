/**
 * Apparent magnitudes of simulated asteroids: the HG1G2 phase function (Muinonen et al. 2010) with the basis
 * functions built as sbpy builds them (clamped cubic splines through tabulated nodes), and the V to ZTF g/r colour
 * offsets used by Fink. Pure.
 */

const DEG = Math.PI / 180;

/** ZTF g minus V for a typical asteroid (mag); Fink `normalise_to_V` uses V - g = -0.2833 (sso-science.md §1.1). */
export const G_MINUS_V_MAG = 0.2833;
/** ZTF r minus V for a typical asteroid (mag); Fink uses V - r = +0.1777 (sso-science.md §1.1). */
export const R_MINUS_V_MAG = -0.1777;

/** A clamped cubic spline: nodes (rad), values, first derivatives at every node (per rad). */
interface HermiteSpline {
  readonly x: readonly number[];
  readonly y: readonly number[];
  readonly d: readonly number[];
}

/**
 * Builds the clamped cubic spline through (x, y) with end derivatives imposed; interior derivatives solve the
 * tridiagonal continuity system of the second derivative (Thomas algorithm).
 */
function clampedSpline(xDeg: readonly number[], y: readonly number[], d0: number, dn: number): HermiteSpline {
  const x = xDeg.map((v) => v * DEG);
  const n = x.length;
  const d = new Array<number>(n).fill(0);
  d[0] = d0;
  d[n - 1] = dn;
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
    r[0] -= a[0] * d0;
    r[m - 1] -= c[m - 1] * dn;
    for (let k = 1; k < m; k++) {
      const w = a[k] / b[k - 1];
      b[k] -= w * c[k - 1];
      r[k] -= w * r[k - 1];
    }
    d[m] = r[m - 1] / b[m - 1];
    for (let k = m - 2; k >= 0; k--) d[k + 1] = (r[k] - c[k] * d[k + 2]) / b[k];
  }
  return { x, y, d };
}

/** Evaluates a spline; linear with the end derivative outside the nodes; negative values clipped to 0. */
function evaluate(s: HermiteSpline, t: number): number {
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
  return Math.max(0, v);
}

// Nodes, values and end derivatives of sbpy HG1G2 basis functions (sso-science.md §1.3, Muinonen et al. 2010).
const PHI1 = clampedSpline(
  [7.5, 30, 60, 90, 120, 150],
  [0.75, 0.33486016, 0.1341056, 0.051104756, 0.021465687, 0.0036396989],
  -1.9098593,
  -0.091328612,
);
const PHI2 = clampedSpline(
  [7.5, 30, 60, 90, 120, 150],
  [0.925, 0.62884169, 0.31755495, 0.12716367, 0.022373903, 0.00016505689],
  -0.5729578,
  -8.6573138e-8,
);
const PHI3 = clampedSpline(
  [0, 0.3, 1, 2, 4, 8, 12, 20, 30],
  [1, 0.83381185, 0.57735424, 0.42144772, 0.2317423, 0.10348178, 0.061733473, 0.016107006, 0],
  -1.0630097,
  0,
);

/**
 * The three HG1G2 basis functions at a phase angle.
 * @param phaseAngleRad Sun-object-observer angle (rad), 0..pi.
 * @returns phi1, phi2, phi3, each in [0, 1] (1 at zero phase).
 * Reference: Muinonen et al. 2010, Icarus 209, 542, eqs 19-21; spline nodes of sbpy `HG1G2` (sso-science.md §1.3).
 */
export function hg1g2Basis(phaseAngleRad: number): { phi1: number; phi2: number; phi3: number } {
  return {
    phi1: evaluate(PHI1, phaseAngleRad),
    phi2: evaluate(PHI2, phaseAngleRad),
    phi3: phaseAngleRad >= 30 * DEG ? 0 : evaluate(PHI3, phaseAngleRad),
  };
}

/**
 * Reduced magnitude (at 1 AU from Sun and observer) of the HG1G2 model.
 * @param hMag absolute magnitude H (mag).
 * @param g1 G1 in [0, 1]; @param g2 G2 in [0, 1] with G1 + G2 <= 1.
 * @param phaseAngleRad phase angle (rad).
 * @returns H - 2.5 log10(G1 phi1 + G2 phi2 + (1 - G1 - G2) phi3) (mag); Infinity when the flux is 0.
 * Reference: Muinonen et al. 2010, Icarus 209, 542, eq. 18.
 */
export function hg1g2ReducedMag(hMag: number, g1: number, g2: number, phaseAngleRad: number): number {
  const { phi1, phi2, phi3 } = hg1g2Basis(phaseAngleRad);
  return hMag - 2.5 * Math.log10(g1 * phi1 + g2 * phi2 + (1 - g1 - g2) * phi3);
}

/**
 * Apparent V magnitude of an asteroid.
 * @param helioDistAu Sun-object distance (AU); @param geoDistAu observer-object distance (AU).
 * @returns V (mag) = reduced magnitude + 5 log10(r Delta).
 * Reference: Muinonen et al. 2010, eq. 18; sso-science.md §1.1.
 */
export function hg1g2ApparentMagV(
  hMag: number,
  g1: number,
  g2: number,
  phaseAngleRad: number,
  helioDistAu: number,
  geoDistAu: number,
): number {
  return hg1g2ReducedMag(hMag, g1, g2, phaseAngleRad) + 5 * Math.log10(helioDistAu * geoDistAu);
}

/** V magnitude converted to a ZTF band (fid 1 = g, 2 = r, 3 = i taken as r); offsets as Fink uses them. */
export function vToZtfBandMag(vMag: number, fid: 1 | 2 | 3): number {
  return vMag + (fid === 1 ? G_MINUS_V_MAG : R_MINUS_V_MAG);
}
