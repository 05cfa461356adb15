import { describe, expect, it } from 'vitest';
import { AlertEncoder, compileFinkSchema } from './alert-encoder.js';
import { AlertSimulation, alertRecord, assembleAlert, StampPool } from './model/index.js';

describe('AlertEncoder', () => {
  const sim = new AlertSimulation({ seed: 12, startNight: 20240701, nights: 3, alertsPerNight: 100 });
  const stamps = new StampPool(12);
  const type = compileFinkSchema();

  it('encodes alerts byte-identically to avsc and caches history entries', () => {
    const encoder = new AlertEncoder();
    const nights: number[] = [];
    let withHistory = 0;
    for (let i = 0; i < 3; i++) {
      const plan = sim.planNight(i);
      nights.push(plan.night);
      for (const det of plan.detections) {
        const parts = assembleAlert(det, nights, (n) => sim.scheduleOf(n), stamps);
        const fast = encoder.encode(parts);
        expect(fast.equals(type.toBuffer(alertRecord(parts)))).toBe(true);
        if (parts.history.length > 0) withHistory++;
      }
    }
    expect(withHistory).toBeGreaterThan(120);
    const cached = encoder.cachedEntries;
    expect(cached).toBeGreaterThan(100);
    encoder.pruneBefore(Number.POSITIVE_INFINITY);
    expect(encoder.cachedEntries).toBe(0);
  });
});
