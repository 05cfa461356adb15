/**
 * The SOCCA fit (spin, triaxial shape, sidereal period) on real light curves: fink-science's own expectations for
 * its SSOFT builder (two of the three objects of `sso_ztf_lc_aggregated_202504_three_obj.parquet` pass nmin = 50 and
 * their SOCCA rows carry `period`), the recovery of parameters injected into the real geometry of (8467), the
 * multiband curves of `test_SOCCA.parquet` (fitted or reported as a value, never a crash, within the model's
 * domain), and the non-results. Fink publishes no fitted SOCCA numbers for these curves, so no value of ours is
 * compared with a number of ours.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Prng } from '../../compute/random/index.js';
import { ssoftRow } from '../../compute/sso/index.js';
import { fitPhaseCurve, fitSocca, hg1g2Mag, soccaRotationMag } from '../../compute/sso/phase/index.js';
import { ssoftColumns } from '../../data/index.js';
import { type Curve, readCurves } from '../support/sso-curves.js';
import { testDataPath } from '../support/test-data.js';

const RAD_PER_DEG = Math.PI / 180;

let ztf: Map<string, Curve>;
let multiband: Map<string, Curve>;
beforeAll(async () => {
  ztf = await readCurves(testDataPath('sso', 'sso_ztf_lc_aggregated_202504_three_obj.parquet'));
  multiband = await readCurves(testDataPath('sso', 'test_SOCCA.parquet'));
});

/** Angle between two directions (deg). */
function separationDeg(a1: number, d1: number, a2: number, d2: number): number {
  const r = RAD_PER_DEG;
  const c =
    Math.sin(d1 * r) * Math.sin(d2 * r) + Math.cos(d1 * r) * Math.cos(d2 * r) * Math.cos((a1 - a2) * r);
  return Math.acos(Math.min(1, Math.max(-1, c))) / r;
}

describe('SOCCA fit', () => {
  it("meets fink-science's builder test: nmin = 50 keeps two objects, whose SOCCA rows carry the period", () => {
    // fink-science ztf/ssoft/processor.py, build_the_ssoft doctest: `len(ssoft_socca) == 2`, `"period" in columns`
    const kept = [...ztf].filter(([, c]) => c.det.jd.length >= 50);
    expect(kept.map(([name]) => name).sort()).toEqual(['33803', '8467']);
    for (const [name, c] of kept) {
      const row = ssoftRow(
        'SOCCA',
        { ssnamenr: name, ssoName: null, ssoNumber: Number(name) },
        c.det,
        c.eph,
        null,
        '2025.04',
      );
      expect(Object.keys(row).sort()).toEqual(
        ssoftColumns('SOCCA')
          .map((col) => col.name)
          .sort(),
      );
      expect(row.fit).toBe(0);
      expect(row.period).toBeGreaterThan(2.2);
      expect(row.period).toBeLessThan(72);
    }
  }, 120_000);

  it('recovers a period, shape and pole injected into the real geometry of (8467)', () => {
    const geometry = ztf.get('8467')?.obs;
    if (!geometry) throw new Error('8467 missing from the fixture');
    const truth = {
      alpha0Rad: 70 * RAD_PER_DEG,
      delta0Rad: 50 * RAD_PER_DEG,
      periodDays: 7.35 / 24,
      aB: 1.4,
      aC: 1.7,
      phi0Rad: 0.4,
    };
    const bands = { 1: { hMag: 13.7, g1: 0.3, g2: 0.35 }, 2: { hMag: 13.1, g1: 0.35, g2: 0.3 } } as const;
    const rng = new Prng(8467);
    const noiseMag = 0.03;
    const magRed = Array.from(geometry.magRed, (_, i) => {
      const band = bands[geometry.fid[i] as 1 | 2];
      return (
        hg1g2Mag(geometry.phaseAngleRad[i], band) +
        soccaRotationMag(geometry.raRad[i], geometry.decRad[i], geometry.jdLightTime[i], truth) +
        noiseMag * rng.normal()
      );
    });
    const fit = fitSocca({ ...geometry, magRed, sigmaMag: magRed.map(() => noiseMag) });
    expect(fit.fit).toBe(0);
    expect(fit.converged).toBe(true);
    const c = fit.columns;
    // over a span T a wrong cycle count shifts P by P²/T: the fit must find the right count (half a turn)
    const spanDays = Math.max(...Array.from(geometry.jd)) - Math.min(...Array.from(geometry.jd));
    expect(Math.abs(c.period - 7.35) / 24).toBeLessThan((0.5 * truth.periodDays ** 2) / spanDays);
    expect(Math.abs(c.a_b - 1.4)).toBeLessThan(0.05);
    expect(Math.abs(c.a_c - 1.7)).toBeLessThan(0.15);
    // the sense of rotation is told by the sidereal-synodic drift over five years: the pole, not its antipode
    expect(separationDeg(c.alpha0, c.delta0, 70, 50)).toBeLessThan(10);
    expect(c.H_1).toBeCloseTo(13.7, 0);
    expect(c.rms).toBeLessThan(1.15 * noiseMag);
    expect(c.chi2red).toBeLessThan(1.3);
  }, 120_000);

  it('fits every multiband curve of test_SOCCA.parquet or says why, inside the model domain', () => {
    expect([...multiband.keys()].sort()).toEqual(['2000_WT160', '2016_WF51', '2025_DL50']);
    for (const [name, c] of multiband) {
      const fit = fitSocca(c.obs);
      expect([0, 1, 3, 4], name).toContain(fit.fit);
      expect(fit.columns.n_obs).toBe(c.det.jd.length);
      if (fit.fit !== 0) {
        expect(fit.reason).toBeTruthy();
        expect(fit.columns.period).toBeNaN();
        continue;
      }
      const col = fit.columns;
      expect(col.a_b, name).toBeGreaterThanOrEqual(1);
      expect(col.a_c, name).toBeGreaterThanOrEqual(col.a_b);
      expect(col.a_c, name).toBeLessThanOrEqual(5);
      expect(col.period, name).toBeGreaterThanOrEqual(2.2);
      expect(col.alpha0, name).toBeGreaterThanOrEqual(0);
      expect(col.alpha0, name).toBeLessThan(360);
      expect(Math.abs(col.delta0), name).toBeLessThanOrEqual(90);
      expect(Math.abs(col.phi0), name).toBeLessThanOrEqual(Math.PI / 2);
      expect((col.alpha0_alt - col.alpha0 + 360) % 360).toBeCloseTo(180, 9);
      for (const key of ['err_period', 'err_a_b', 'err_alpha0', 'err_H_1', 'period_chi2red', 'chi2red']) {
        expect(Number.isFinite(col[key]), `${name} ${key}`).toBe(true);
      }
      // a sphere (a/b = a/c = 1) is HG1G2: the SOCCA optimum cannot be worse than HG1G2 on the same bands
      const hg1g2 = fitPhaseCurve('HG1G2', c.obs, { gBounds: 'wide' });
      if (hg1g2.fit === 0) expect(col.rms, name).toBeLessThanOrEqual(hg1g2.columns.rms + 1e-3);
    }
  }, 180_000);

  it('reports impossible fits as values: bad input and too few points', () => {
    const c = ztf.get('33803')?.obs;
    if (!c) throw new Error('33803 missing from the fixture');
    const withNaN = fitSocca({ ...c, magRed: Array.from(c.magRed, (m, i) => (i === 3 ? Number.NaN : m)) });
    expect([withNaN.fit, withNaN.status, withNaN.converged]).toEqual([1, -2, false]);
    expect(withNaN.columns.period).toBeNaN();
    expect(withNaN.columns.a_b).toBeNaN();
    const head = <T extends ArrayLike<number>>(a: T) => Array.from(a).slice(0, 12);
    const few = fitSocca({
      magRed: head(c.magRed),
      sigmaMag: head(c.sigmaMag),
      phaseAngleRad: head(c.phaseAngleRad),
      fid: head(c.fid),
      raRad: head(c.raRad),
      decRad: head(c.decRad),
      jd: head(c.jd),
      jdLightTime: head(c.jdLightTime),
    });
    expect([few.fit, few.status]).toEqual([3, -1]);
    expect(few.reason).toMatch(/not enough points/);
    expect(few.columns.n_obs).toBe(12);
  });
});
