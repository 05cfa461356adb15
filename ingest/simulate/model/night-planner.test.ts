import { describe, expect, it } from 'vitest';
import type { Detection } from './detection.js';
import { AlertSimulation, addNights } from './night-planner.js';

const OPTIONS = { seed: 21, startNight: 20240310, nights: 4, alertsPerNight: 300 };

function planAll(options = OPTIONS): { sim: AlertSimulation; nights: Detection[][] } {
  const sim = new AlertSimulation(options);
  const nights: Detection[][] = [];
  for (let i = 0; i < options.nights; i++) nights.push([...sim.planNight(i).detections]);
  return { sim, nights };
}

describe('AlertSimulation.planNight', () => {
  const { sim, nights } = planAll();
  const all = nights.flat();

  it('plans exactly alertsPerNight alerts per night, in time order, on that night', () => {
    nights.forEach((dets, i) => {
      expect(dets).toHaveLength(300);
      const night = addNights(OPTIONS.startNight, i);
      for (let k = 1; k < dets.length; k++)
        expect(dets[k].exposure.jd).toBeGreaterThanOrEqual(dets[k - 1].exposure.jd);
      for (const d of dets) expect(d.exposure.night).toBe(night);
    });
  });

  it('gives unique 19-digit candids built from pid, and unique objectIds per source', () => {
    expect(new Set(all.map((d) => d.candid)).size).toBe(all.length);
    for (const d of all) {
      expect(d.candid / 1_000_000n).toBe(d.pid);
      expect(d.candid.toString()).toMatch(/^2\d{18}$/);
      expect(d.source.objectId).toMatch(/^ZTF\d{2}[a-z]{7}$/);
    }
    const idsBySource = new Map<string, Set<object>>();
    for (const d of all) {
      const set = idsBySource.get(d.source.objectId) ?? new Set();
      set.add(d.source);
      idsBySource.set(d.source.objectId, set);
    }
    for (const set of idsBySource.values()) expect(set.size).toBe(1);
  });

  it('mixes ~12 % known asteroids, a few candidates, tracklets, bogus and repeated static sources', () => {
    const count = (cls: string) => all.filter((d) => d.source.sourceClass === cls).length;
    expect(count('asteroid') / all.length).toBeGreaterThan(0.08);
    expect(count('asteroid') / all.length).toBeLessThanOrEqual(0.12);
    expect(count('asteroid-candidate')).toBeGreaterThan(0);
    expect(count('tracklet')).toBeGreaterThanOrEqual(4 * 3);
    expect(count('bogus')).toBeGreaterThanOrEqual(4 * 9);
    for (const cls of ['snia', 'snii', 'rrlyrae', 'eclipsing', 'agn']) expect(count(cls)).toBeGreaterThan(0);
    const perObject = new Map<string, number>();
    for (const d of all) perObject.set(d.source.objectId, (perObject.get(d.source.objectId) ?? 0) + 1);
    expect([...perObject.values()].filter((n) => n >= 3).length).toBeGreaterThan(50);
  });

  it('counts ndethist and ncovhist over the history and keeps jdstarthist fixed per object', () => {
    const last = new Map<string, Detection>();
    for (const d of all) {
      const prev = last.get(d.source.objectId);
      if (prev) {
        expect(d.ndethist).toBe(prev.ndethist + 1);
        expect(d.jdstarthist).toBe(prev.jdstarthist);
        expect(d.ncovhist).toBeGreaterThan(prev.ncovhist);
      } else expect(d.ndethist).toBe(d.source.priorDetections + 1);
      expect(d.jdstarthist).toBeLessThanOrEqual(d.exposure.jd);
      last.set(d.source.objectId, d);
    }
  });

  it('gives an asteroid a new objectId every night, with its ssnamenr', () => {
    const byName = new Map<string, Set<string>>();
    for (const d of all) {
      if (!d.sso) continue;
      const ids = byName.get(d.sso.ssnamenr) ?? new Set();
      ids.add(`${d.exposure.night}:${d.source.objectId}`);
      byName.set(d.sso.ssnamenr, ids);
      expect(d.sso.ssdistnr).toBeLessThanOrEqual(2);
    }
    const multiNight = [...byName.values()].filter(
      (s) => new Set([...s].map((x) => x.split(':')[0])).size > 1,
    );
    expect(multiNight.length).toBeGreaterThan(3);
    for (const s of multiNight)
      expect(new Set([...s].map((x) => x.split(':')[1])).size).toBe(
        new Set([...s].map((x) => x.split(':')[0])).size,
      );
  });

  it('is deterministic for a seed and refuses nights out of order', () => {
    const again = planAll({ ...OPTIONS, nights: 2 });
    expect(again.nights[1].map((d) => d.candid)).toEqual(nights[1].map((d) => d.candid));
    expect(again.nights[1].map((d) => d.magpsf)).toEqual(nights[1].map((d) => d.magpsf));
    const other = planAll({ ...OPTIONS, seed: 22, nights: 1 });
    expect(other.nights[0].map((d) => d.candid)).not.toEqual(nights[0].map((d) => d.candid));
    expect(() => sim.planNight(7)).toThrow(/out of order/);
    expect(() => new AlertSimulation({ ...OPTIONS, alertsPerNight: 0 })).toThrow(RangeError);
  });
});
