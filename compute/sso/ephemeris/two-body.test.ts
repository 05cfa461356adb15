import { AstroTime, Body, HelioVector } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import type { OrbitElements } from '../orbit.js';
import { eclipticToEquatorial, GAUSS_K, JD_J2000 } from './frames.js';
import { stumpff, twoBodyState } from './two-body.js';

const MU = GAUSS_K * GAUSS_K;

function orbit(qAu: number, e: number): OrbitElements {
  return { qAu, e, inclDeg: 12, nodeDeg: 117, periDeg: 195, perihelionJdTt: 2459000.5, epochJdTt: 2459000.5 };
}

/** Specific energy (AU^2/day^2) and angular momentum vector (AU^2/day) of a state. */
function integrals(s: { x: number; y: number; z: number; vx: number; vy: number; vz: number }) {
  const r = Math.hypot(s.x, s.y, s.z);
  const energy = (s.vx ** 2 + s.vy ** 2 + s.vz ** 2) / 2 - MU / r;
  const h = [s.y * s.vz - s.z * s.vy, s.z * s.vx - s.x * s.vz, s.x * s.vy - s.y * s.vx];
  return { r, energy, h };
}

describe('stumpff', () => {
  it('matches the closed forms on both sides of the series switch (|z| = 0.1) to 1e-14', () => {
    for (const z of [0.0999999, -0.0999999]) {
      const s = Math.sqrt(Math.abs(z));
      const c2 = z > 0 ? (1 - Math.cos(s)) / z : (Math.cosh(s) - 1) / -z;
      const c3 = z > 0 ? (s - Math.sin(s)) / (z * s) : (Math.sinh(s) - s) / (-z * s);
      expect(Math.abs(stumpff(z).c2 - c2)).toBeLessThan(1e-14);
      expect(Math.abs(stumpff(z).c3 - c3)).toBeLessThan(1e-14);
    }
    expect(stumpff(0)).toEqual({ c2: 0.5, c3: 1 / 6 });
  });
});

describe('twoBodyState', () => {
  it('agrees with the classical elliptic solution (Kepler equation by Newton) to 1e-12 AU (a = 3.1 AU, e = 0.09)', () => {
    const e = 0.0947;
    const aAu = 3.1045;
    const el: OrbitElements = { ...orbit(aAu * (1 - e), e), perihelionJdTt: 2458790.6 };
    const nRadPerDay = GAUSS_K / aAu ** 1.5;
    const rad = Math.PI / 180;
    const [w, node, inc] = [el.periDeg * rad, el.nodeDeg * rad, el.inclDeg * rad];
    for (const jdTt of [2458790.6, 2458800.1, 2459300.7, 2460500.2, 2456000.9]) {
      // Reference: Murray & Dermott 1999, eqs 2.41 (E - e sin E = M) and 2.122 (rotation to the ecliptic).
      const m = nRadPerDay * (jdTt - el.perihelionJdTt);
      let ecc = m;
      for (let i = 0; i < 100; i++) ecc -= (ecc - e * Math.sin(ecc) - m) / (1 - e * Math.cos(ecc));
      const xp = aAu * (Math.cos(ecc) - e);
      const yp = aAu * Math.sqrt(1 - e * e) * Math.sin(ecc);
      const ref = eclipticToEquatorial({
        x:
          (Math.cos(node) * Math.cos(w) - Math.sin(node) * Math.sin(w) * Math.cos(inc)) * xp -
          (Math.cos(node) * Math.sin(w) + Math.sin(node) * Math.cos(w) * Math.cos(inc)) * yp,
        y:
          (Math.sin(node) * Math.cos(w) + Math.cos(node) * Math.sin(w) * Math.cos(inc)) * xp +
          (-Math.sin(node) * Math.sin(w) + Math.cos(node) * Math.cos(w) * Math.cos(inc)) * yp,
        z: Math.sin(w) * Math.sin(inc) * xp + Math.cos(w) * Math.sin(inc) * yp,
      });
      const s = twoBodyState(el, jdTt);
      expect(s).not.toBeNull();
      if (s === null) continue;
      expect(Math.hypot(s.x - ref.x, s.y - ref.y, s.z - ref.z)).toBeLessThan(1e-12);
    }
  });

  it('places Mars from its J2000 mean elements within 1 arcmin of astronomy-engine (heliocentric)', () => {
    // Standish (1992), JPL "Keplerian Elements for Approximate Positions of the Major Planets", Table 1 (J2000):
    // a 1.52371034, e 0.09339410, I 1.84969142, L -4.55343205, long.peri -23.94362959, node 49.55953891.
    // Quoted error of the table for Mars: below 1 arcmin (heliocentric), 1800-2050.
    const aAu = 1.52371034;
    const e = 0.0933941;
    const meanAnomalyDeg = -4.55343205 - -23.94362959;
    const nDegPerDay = 19140.30268499 / 36525;
    const mars: OrbitElements = {
      qAu: aAu * (1 - e),
      e,
      inclDeg: 1.84969142,
      nodeDeg: 49.55953891,
      periDeg: -23.94362959 - 49.55953891 + 360,
      perihelionJdTt: JD_J2000 - meanAnomalyDeg / nDegPerDay,
      epochJdTt: JD_J2000,
    };
    for (const dtDays of [0, 15, 30, 365]) {
      const s = twoBodyState(mars, JD_J2000 + dtDays);
      if (s === null) throw new Error('no state');
      const ref = HelioVector(Body.Mars, new AstroTime(dtDays));
      const cosSep = (s.x * ref.x + s.y * ref.y + s.z * ref.z) / (Math.hypot(s.x, s.y, s.z) * ref.Length());
      expect((Math.acos(Math.min(1, cosSep)) * 180 * 60) / Math.PI).toBeLessThan(1);
    }
  });

  it('conserves energy and angular momentum for every conic to 1e-12 relative', () => {
    for (const e of [0, 0.5, 0.99999, 1, 1.00001, 1.5, 4]) {
      const el = orbit(0.8, e);
      const expectedEnergy = (-MU * (1 - e)) / (2 * 0.8);
      const expectedH = Math.sqrt(MU * 0.8 * (1 + e));
      for (const dt of [-3000, -200, -1, 0, 0.5, 30, 400, 5000]) {
        const s = twoBodyState(el, el.perihelionJdTt + dt);
        if (s === null) throw new Error('no state');
        const { energy, h } = integrals(s);
        expect(Math.abs(energy - expectedEnergy)).toBeLessThan(1e-12 * (MU / 0.8));
        expect(Math.abs(Math.hypot(h[0], h[1], h[2]) - expectedH) / expectedH).toBeLessThan(1e-12);
      }
    }
  });

  it('is at perihelion (r = q) at T and symmetric in time about it', () => {
    for (const e of [0.3, 1, 2]) {
      const el = orbit(1.2, e);
      const peri = twoBodyState(el, el.perihelionJdTt);
      if (peri === null) throw new Error('no state');
      expect(Math.abs(Math.hypot(peri.x, peri.y, peri.z) - 1.2)).toBeLessThan(1e-14);
      const before = twoBodyState(el, el.perihelionJdTt - 77);
      const after = twoBodyState(el, el.perihelionJdTt + 77);
      if (before === null || after === null) throw new Error('no state');
      const rb = Math.hypot(before.x, before.y, before.z);
      const ra = Math.hypot(after.x, after.y, after.z);
      expect(Math.abs(rb - ra)).toBeLessThan(1e-12);
    }
  });

  it('follows Barker’s equation for a parabola (e = 1) to 1e-12 AU in radius', () => {
    // Barker: k dt / sqrt(2 q^3) = D + D^3 / 3 with D = tan(nu / 2), solved by Cardano; r = q (1 + D^2).
    // Murray & Dermott 1999, Solar System Dynamics, §2.6.
    const qAu = 0.9;
    const el = orbit(qAu, 1);
    for (const dt of [1, 25, 180, 2000]) {
      const w = (1.5 * GAUSS_K * dt) / Math.sqrt(2 * qAu ** 3);
      const y = Math.cbrt(w + Math.sqrt(w * w + 1));
      const d = y - 1 / y;
      const s = twoBodyState(el, el.perihelionJdTt + dt);
      if (s === null) throw new Error('no state');
      expect(Math.abs(Math.hypot(s.x, s.y, s.z) - qAu * (1 + d * d))).toBeLessThan(1e-12);
    }
  });

  it('is continuous across e = 1 (e = 1 - 1e-9, 1, 1 + 1e-9 agree to 1e-7 AU after 300 days)', () => {
    const states = [1 - 1e-9, 1, 1 + 1e-9].map((e) => twoBodyState(orbit(1.1, e), 2459000.5 + 300));
    const [a, b, c] = states;
    if (a === null || b === null || c === null) throw new Error('no state');
    expect(Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z)).toBeLessThan(1e-7);
    expect(Math.hypot(c.x - b.x, c.y - b.y, c.z - b.z)).toBeLessThan(1e-7);
  });

  it('returns null for q <= 0, e < 0 or a non-finite time', () => {
    expect(twoBodyState(orbit(0, 0.5), 2459000)).toBeNull();
    expect(twoBodyState(orbit(1, -0.1), 2459000)).toBeNull();
    expect(twoBodyState(orbit(1, 0.1), Number.NaN)).toBeNull();
  });
});
