/**
 * Solar System sources of the LSST simulator: the positions an alert's ssSource predicts, and where the
 * diaSource was measured, agree with the project's ephemeris code run here from the orbit the alert carries in
 * mpc_orbits (Rubin, X05, at the exposure midpoint converted from MJD TAI); ssObjectId follows Rubin's rule.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeEphemerides } from '../../compute/sso/ephemeris/index.js';
import type { Orbit } from '../../compute/sso/index.js';
import { runSimulateLsst } from '../../ingest/simulate/index.js';
import { ssObjectIdOf } from '../../ingest/simulate/lsst/index.js';
import { testLog } from '../support/store.js';
import { type DecodedRecord, readContainer, sub } from './lsst-support.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-lsst-sso-'));
let sso: DecodedRecord[] = [];

beforeAll(async () => {
  const result = await runSimulateLsst({
    outDir: tmp,
    nights: 2,
    alertsPerNight: 150,
    seed: 21,
    startNight: 20260310,
    noStamps: true,
    log: testLog,
  });
  for (const f of result.files) sso = sso.concat((await readContainer(f)).records.filter((r) => r.ssSource));
}, 120_000);

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The orbit of an mpc_orbits record (perihelion form; times MJD TT → JD TT). */
function orbitOf(m: DecodedRecord): Orbit {
  return {
    elements: {
      qAu: m.q as number,
      e: m.e as number,
      inclDeg: m.i as number,
      nodeDeg: m.node as number,
      periDeg: m.argperi as number,
      perihelionJdTt: (m.peri_time as number) + 2400000.5,
      epochJdTt: (m.epoch_mjd as number) + 2400000.5,
    },
    magnitude: { kind: 'asteroid', hMag: m.h as number, gSlope: m.g as number },
  };
}

function separationArcsec(ra1: number, dec1: number, ra2: number, dec2: number): number {
  const r = Math.PI / 180;
  const dRa = (ra1 - ra2) * Math.cos(((dec1 + dec2) / 2) * r);
  return Math.hypot(dRa, dec1 - dec2) * 3600;
}

describe('simulated LSST asteroids', () => {
  it('are detected in the run', () => {
    expect(sso.length).toBeGreaterThanOrEqual(5);
  });

  it('predict in ssSource the ephemeris of the orbit in mpc_orbits, seen from Rubin at the exposure midpoint', () => {
    for (const a of sso) {
      const s = sub(a, 'diaSource');
      const ss = sub(a, 'ssSource');
      const jdUtc = (s.midpointMjdTai as number) + 2400000.5 - 37 / 86400;
      const eph = computeEphemerides(orbitOf(sub(a, 'mpc_orbits')), [jdUtc], {
        observer: 'X05',
        epochOffsetS: 0,
      });
      expect(
        separationArcsec(ss.ephRa as number, ss.ephDec as number, eph.raDeg[0], eph.decDeg[0]),
      ).toBeLessThan(0.01);
      // float fields: 24-bit mantissa
      expect(ss.topoRange as number).toBeCloseTo(eph.dobsAu[0], 5);
      expect(ss.helioRange as number).toBeCloseTo(eph.dhelioAu[0], 5);
      expect(ss.phaseAngle as number).toBeCloseTo(eph.phaseDeg[0], 3);
      expect(ss.elongation as number).toBeCloseTo(eph.elongationDeg[0], 3);
      expect(ss.ephVmag as number).toBeCloseTo(eph.vMag[0], 4);
      // state vectors at light-emission time: their norms are the heliocentric and observer distances
      const helio = Math.hypot(ss.helio_x as number, ss.helio_y as number, ss.helio_z as number);
      const topo = Math.hypot(ss.topo_x as number, ss.topo_y as number, ss.topo_z as number);
      expect(helio).toBeCloseTo(eph.dhelioAu[0], 5);
      expect(topo).toBeCloseTo(eph.dobsAu[0], 5);
      // a main-belt object moves at 15-25 km/s around the Sun
      expect(((ss.helio_vtot as number) * 149597870.7) / 86400).toBeGreaterThan(12);
      expect(((ss.helio_vtot as number) * 149597870.7) / 86400).toBeLessThan(26);
    }
  });

  it('are measured where the ephemeris puts them, within the astrometric error', () => {
    for (const a of sso) {
      const s = sub(a, 'diaSource');
      const ss = sub(a, 'ssSource');
      const offset = separationArcsec(
        s.ra as number,
        s.dec as number,
        ss.ephRa as number,
        ss.ephDec as number,
      );
      expect(offset).toBeLessThan(5 * (s.raErr as number) * 3600 * Math.SQRT2);
      expect(ss.ephOffset as number).toBeCloseTo(offset, 2);
    }
  });

  it("carry Rubin's ssObjectId (the packed designation's ASCII bytes) and matching designations", () => {
    // a real alert (Fink transfer of 2026-03-06): 2004 JQ12, packed K04J12Q, ssObjectId 21163624394469969
    expect(ssObjectIdOf('K04J12Q')).toBe(21163624394469969n);
    for (const a of sso) {
      const m = sub(a, 'mpc_orbits');
      const packed = m.packed_primary_provisional_designation as string;
      expect(packed).toMatch(/^[J-K]\d{2}[A-Y][0-9A-Za-z]\d[A-Z]$/);
      expect(sub(a, 'ssSource').ssObjectId).toBe(
        BigInt(`0x${Buffer.from(packed, 'latin1').toString('hex')}`),
      );
      expect(m.unpacked_primary_provisional_designation).toBe(sub(a, 'ssSource').designation);
      expect(m.q as number).toBeCloseTo((m.a as number) * (1 - (m.e as number)), 6);
    }
  });
});
