import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { bigintLongType, FINK_ZTF_SCHEMA } from '../../../data/index.js';
import { alertRecord, assembleAlert, finkFields, historyKey, historyOf } from './alert-assembler.js';
import type { Detection } from './detection.js';
import { AlertSimulation, HISTORY_DAYS } from './night-planner.js';
import { StampPool } from './stamp-pool.js';

describe('assembleAlert', () => {
  const sim = new AlertSimulation({ seed: 3, startNight: 20240902, nights: 5, alertsPerNight: 200 });
  const nights: number[] = [];
  const all: Detection[] = [];
  for (let i = 0; i < 5; i++) {
    const plan = sim.planNight(i);
    nights.push(plan.night);
    all.push(...plan.detections);
  }
  const lookup = (n: number) => sim.scheduleOf(n);
  const last = all.slice(-200);
  const type = avro.Type.forSchema(FINK_ZTF_SCHEMA as unknown as avro.Schema, {
    registry: { long: bigintLongType },
  });

  it('lists earlier detections of the source and upper limits of every other exposure of its field', () => {
    let upper = 0;
    for (const det of last) {
      const history = historyOf(det, nights, lookup);
      const earlier = det.source.detections.filter(
        (d) => d.exposure.jd < det.exposure.jd && d.exposure.jd >= det.exposure.jd - HISTORY_DAYS,
      );
      const listed = history
        .filter((h) => h.kind === 'detection')
        .map((h) => (h.kind === 'detection' ? h.detection.candid : 0n));
      expect(listed).toEqual(earlier.map((d) => d.candid));
      const fieldExposures = nights
        .flatMap((n) => lookup(n)?.byField.get(det.exposure.field) ?? [])
        .filter((e) => e.jd < det.exposure.jd);
      expect(history).toHaveLength(fieldExposures.length);
      for (let k = 1; k < history.length; k++)
        expect(historyKey(history[k])).not.toBe(historyKey(history[k - 1]));
      upper += history.filter((h) => h.kind === 'upper-limit').length;
    }
    expect(upper).toBeGreaterThan(100);
  });

  it('builds a record valid for FINK_ZTF_SCHEMA with consistent Fink history fields', () => {
    const stamps = new StampPool(3);
    for (const det of last.slice(0, 60)) {
      const parts = assembleAlert(det, nights, lookup, stamps);
      const record = alertRecord(parts);
      expect(type.isValid(record)).toBe(true);
      const fink = finkFields(det, parts.history);
      expect(fink.nalerthist).toBe(parts.history.filter((h) => h.kind === 'detection').length + 1);
      expect(fink.jdstarthist_dt).toBeGreaterThanOrEqual(0);
      expect(parts.cutoutDifference.fileName).toBe(`candid${det.candid}_pid${det.pid}_targ_scimref.fits.gz`);
      expect(parts.objectId).toBe(det.source.objectId);
      if (fink.mag_rate !== null) {
        expect(fink.upper_rate as number).toBeGreaterThan(fink.lower_rate as number);
        expect(fink.delta_time as number).toBeGreaterThan(0);
      }
    }
  });
});
