import { describe, expect, it } from 'vitest';
import { ZTF_PRV_CANDIDATE_FIELD_NAMES } from '../../../data/avro-schema.js';
import { ZTF_CANDIDATE_FIELDS } from '../../../data/ztf-candidate-fields.js';
import { candidateRecord, prvDetectionRecord, prvNonDetectionRecord } from './candidate-record.js';
import { AlertSimulation } from './night-planner.js';

describe('candidate records', () => {
  const sim = new AlertSimulation({ seed: 8, startNight: 20240610, nights: 2, alertsPerNight: 200 });
  sim.planNight(0);
  const plan = sim.planNight(1);
  const dets = plan.detections;

  it('fill every ZTF 4.02 candidate field, with the type of the schema', () => {
    for (const det of dets.slice(0, 50)) {
      const c = candidateRecord(det);
      expect(Object.keys(c)).toEqual(ZTF_CANDIDATE_FIELDS.map(([n]) => n));
      for (const [name, type] of ZTF_CANDIDATE_FIELDS) {
        const v = c[name];
        if (v === null) continue;
        if (type === 'long') expect(typeof v, name).toBe('bigint');
        else if (type === 'string') expect(typeof v, name).toBe('string');
        else expect(typeof v, name).toBe('number');
        if (type === 'int') expect(Number.isInteger(v), name).toBe(true);
      }
    }
  });

  it('have realistic values: jd of the exposure, isdiffpos t, nbad 0 and rb >= 0.55 for real sources', () => {
    for (const det of dets) {
      const c = candidateRecord(det);
      expect(c.jd).toBe(det.exposure.jd);
      expect(c.candid).toBe(det.candid);
      expect(c.isdiffpos).toBe('t');
      expect(c.magpsf).toBeLessThan(c.diffmaglim as number);
      expect(c.sigmapsf).toBeGreaterThan(0);
      expect(c.sigmapsf).toBeLessThan(0.25);
      expect(c.magdiff).toBeCloseTo((c.magap as number) - (c.magpsf as number), 10);
      expect(c.jdendhist).toBe(c.jd);
      expect(c.ndethist).toBeGreaterThanOrEqual(1);
      expect(c.exptime).toBe(30);
      expect(c.pdiffimfilename).toMatch(/^ztf_\d{14}_\d{6}_z[gri]_c\d{2}_o_q[1-4]_scimrefdiffimg\.fits$/);
      if (det.quality === 'real') {
        expect(c.nbad).toBe(0);
        expect(c.rb).toBeGreaterThanOrEqual(0.55);
        expect(c.drb).toBeGreaterThan(0.5);
      }
      if (det.sso) {
        expect(c.ssnamenr).toBe(det.sso.ssnamenr);
        expect(c.ssdistnr).toBeLessThanOrEqual(2);
      } else {
        expect(c.ssnamenr).toBe('null');
        expect(c.ssdistnr).toBe(-999);
      }
    }
  });

  it('give a prv_candidate equal to the candidate on the shared fields (file name aside)', () => {
    for (const det of dets.slice(0, 30)) {
      const c = candidateRecord(det);
      const p = prvDetectionRecord(det);
      expect(Object.keys(p)).toEqual(ZTF_PRV_CANDIDATE_FIELD_NAMES);
      for (const name of ZTF_PRV_CANDIDATE_FIELD_NAMES)
        if (name !== 'pdiffimfilename') expect(p[name], name).toEqual(c[name]);
      expect(p.pdiffimfilename).toMatch(/^\/ztf\/archive\/sci\/\d{4}\/\d{4}\/\d{6}\/ztf_.*\.fits\.fz$/);
    }
  });

  it('write non-detections with the exposure and nulls elsewhere', () => {
    const e = plan.schedule.exposures[0];
    const p = prvNonDetectionRecord(e, 12);
    expect(Object.keys(p)).toEqual(ZTF_PRV_CANDIDATE_FIELD_NAMES);
    expect(p.jd).toBe(e.jd);
    expect(p.diffmaglim).toBe(e.diffmaglim);
    expect(p.rcid).toBe(12);
    expect(p.candid).toBeNull();
    expect(p.magpsf).toBeNull();
    expect(p.magzpsci).toBe(e.magzpsci);
  });
});
