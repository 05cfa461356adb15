import { describe, expect, it } from 'vitest';
import { nightToJdRange } from '../../../compute/time/index.js';
import { buildNightSchedule, nightId, palomarSiderealDeg, SLOT_SECONDS } from './night-schedule.js';
import { skyField } from './sky-grid.js';

describe('buildNightSchedule', () => {
  const night = 20240315;
  const schedule = buildNightSchedule(11, night);

  it('is a function of (seed, night) only', () => {
    expect(buildNightSchedule(11, night)).toEqual(schedule);
    expect(buildNightSchedule(12, night).exposures).not.toEqual(schedule.exposures);
  });

  it('places exposures on distinct 40 s slots between 03:00 and 12:00 UTC, in time order', () => {
    const { startJd } = nightToJdRange(night);
    expect(schedule.exposures.length).toBeGreaterThan(300);
    expect(schedule.exposures.length).toBeLessThanOrEqual(811);
    const seconds = schedule.exposures.map((e) => e.secondsOfDay);
    expect(new Set(seconds).size).toBe(seconds.length);
    for (const [i, e] of schedule.exposures.entries()) {
      expect(e.secondsOfDay % SLOT_SECONDS).toBe(0);
      expect(e.secondsOfDay).toBeGreaterThanOrEqual(3 * 3600);
      expect(e.secondsOfDay).toBeLessThanOrEqual(12 * 3600);
      expect(e.jd).toBeGreaterThanOrEqual(startJd + e.secondsOfDay / 86400);
      expect(e.jd).toBeLessThan(startJd + (e.secondsOfDay + 1) / 86400);
      if (i > 0) expect(e.jd).toBeGreaterThan(schedule.exposures[i - 1].jd);
      expect(e.diffmaglim).toBeGreaterThanOrEqual(20);
      expect(e.diffmaglim).toBeLessThanOrEqual(20.8);
      expect([1, 2, 3]).toContain(e.fid);
    }
  });

  it('observes each field in g and r, mostly within 4 h of its meridian transit', () => {
    let nearTransit = 0;
    for (const [field, list] of schedule.byField) {
      const fids = new Set(list.map((e) => e.fid));
      expect(fids.has(1) && fids.has(2)).toBe(true);
      const f = skyField(field);
      if (!f) throw new Error('unknown field');
      for (const e of list) {
        const ha = ((palomarSiderealDeg(e.jd) - f.raDeg + 540) % 360) - 180;
        if (Math.abs(ha) < 60) nearTransit++;
      }
      expect(f.decDeg).toBeGreaterThan(-31);
    }
    expect(nearTransit / schedule.exposures.length).toBeGreaterThan(0.9);
  });

  it('uses the ZTF night id: 2481 on 2023-10-18 (as candid 2481321673515010006)', () => {
    expect(nightId(2460235.8216782)).toBe(2481);
    expect(buildNightSchedule(1, 20231018).nid).toBe(2481);
  });
});
