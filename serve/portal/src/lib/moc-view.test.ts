import { describe, expect, it } from 'vitest';
import { ang2pixNest } from '../../../../compute/sky/healpix.js';
import { mocView } from './moc-view.js';

describe('mocView', () => {
  it('centres on one cell, with a field of view of about its size', () => {
    const pix = Number(ang2pixNest(6, 120, 30));
    const view = mocView({ '6': [pix] });
    expect(view?.raDeg).toBeCloseTo(120, 0);
    expect(view?.decDeg).toBeCloseTo(30, 0);
    // an order-6 cell is 0.916 deg wide (sqrt(41,253 / 49,152) deg)
    expect(view?.fovDeg).toBeGreaterThan(0.9);
    expect(view?.fovDeg).toBeLessThan(3);
  });

  it('centres a region whose mean direction lies outside it on one of its cells', () => {
    const a = Number(ang2pixNest(8, 350, 0));
    const b = Number(ang2pixNest(8, 10, 0));
    const view = mocView({ '8': [a, b] });
    const onA = Math.abs((view?.raDeg ?? 0) - 350) < 0.2;
    const onB = Math.abs((view?.raDeg ?? 0) - 10) < 0.2;
    expect(onA || onB).toBe(true);
    expect(view?.decDeg).toBeCloseTo(0, 0);
    // the other cell is 20 deg away: the view holds it
    expect(view?.fovDeg).toBeGreaterThan(2 * 20);
  });

  it('has no view for an empty MOC or the whole sky', () => {
    expect(mocView({})).toBeNull();
    expect(mocView({ '0': [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] })).toBeNull();
  });
});
