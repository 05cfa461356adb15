import { describe, expect, it } from 'vitest';
import { candidateRecord } from './candidate-record.js';
import type { Detection, SourceClass } from './detection.js';
import { EARLY_SN_MAX_NDETHIST, finkScores, KILONOVA_WINDOW_DAYS } from './fink-scores.js';
import { AlertSimulation } from './night-planner.js';

describe('finkScores', () => {
  const sim = new AlertSimulation({ seed: 17, startNight: 20240401, nights: 4, alertsPerNight: 300 });
  const all: Detection[] = [];
  for (let i = 0; i < 4; i++) all.push(...sim.planNight(i).detections);
  const of = (cls: SourceClass) => all.filter((d) => d.source.sourceClass === cls);

  it('fires the early SN Ia filter for young SNe Ia and the SN filter for older ones and SNe II', () => {
    const ia = of('snia');
    expect(ia.length).toBeGreaterThan(5);
    for (const d of ia) {
      const s = finkScores(d);
      expect(Math.max(s.snn_snia_vs_nonia, s.snn_sn_vs_all)).toBeGreaterThan(0.5);
      expect(s.cdsxmatch).toBe('Unknown');
      expect(s.mulens).toBe(0);
      if (d.ndethist <= EARLY_SN_MAX_NDETHIST) expect(s.rf_snia_vs_nonia).toBeGreaterThan(0.5);
      else expect(s.rf_snia_vs_nonia).toBeLessThanOrEqual(0.5);
      const c = candidateRecord(d);
      expect(c.classtar).toBeGreaterThan(0.4);
      expect(c.drb).toBeGreaterThan(0.5);
    }
    for (const d of of('snii')) {
      const s = finkScores(d);
      expect(s.snn_sn_vs_all).toBeGreaterThan(0.5);
      expect(s.rf_snia_vs_nonia).toBeLessThanOrEqual(0.5);
    }
  });

  it('scores kilonovae within 5 days of their first detection, microlensing and ambiguous events', () => {
    for (const d of of('kilonova')) {
      const s = finkScores(d);
      expect(s.rf_kn_vs_nonkn > 0.5).toBe(d.exposure.jd - d.jdstarthist < KILONOVA_WINDOW_DAYS);
      expect(Math.max(s.snn_snia_vs_nonia, s.snn_sn_vs_all)).toBeLessThanOrEqual(0.5);
    }
    expect(of('microlensing').length).toBeGreaterThan(0);
    for (const d of of('microlensing')) expect(finkScores(d).mulens).toBeGreaterThan(0);
    for (const d of of('ambiguous')) {
      const s = finkScores(d);
      expect(s.mulens).toBeGreaterThan(0);
      expect(s.snn_sn_vs_all).toBeGreaterThan(0.5);
    }
  });

  it('sets roid 3 for known asteroids, 2 for candidates, 1 for first detections, 0 otherwise', () => {
    for (const d of all) {
      const roid = finkScores(d).roid;
      if (d.source.sourceClass === 'asteroid') expect(roid).toBe(3);
      else if (d.source.sourceClass === 'asteroid-candidate') expect(roid).toBe(2);
      else expect(roid).toBe(d.ndethist === 1 ? 1 : 0);
    }
  });

  it('labels catalogued variables with their SIMBAD type and keeps their SN scores low', () => {
    const labels = new Set(of('rrlyrae').map((d) => finkScores(d).cdsxmatch));
    expect([...labels]).toEqual(['RRLyr']);
    expect(new Set(of('eclipsing').map((d) => finkScores(d).cdsxmatch))).toEqual(new Set(['EB*']));
    for (const d of [...of('agn'), ...of('variable')]) {
      const s = finkScores(d);
      expect(Math.max(s.snn_snia_vs_nonia, s.snn_sn_vs_all)).toBeLessThanOrEqual(0.5);
    }
    for (const d of of('tracklet')) expect(finkScores(d).tracklet).toMatch(/^TRCK_\d{8}_\d{6}_\d{2}$/);
  });
});
