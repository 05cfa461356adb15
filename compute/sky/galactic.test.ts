import { describe, expect, it } from 'vitest';
import { icrsToGalactic } from './galactic.js';

describe('icrsToGalactic', () => {
  it('puts the Galactic centre and the north Galactic pole where Hipparcos defines them', () => {
    // ESA 1997, Hipparcos Vol. 1 §1.5.3: centre (l, b) = (0, 0) at ICRS (266.4049948, -28.9361751) deg,
    // pole b = 90 at (192.8594812, 27.1282512) deg.
    const centre = icrsToGalactic(266.4049948, -28.9361751);
    expect(Math.min(centre.lonDeg, 360 - centre.lonDeg)).toBeLessThan(1e-5);
    expect(Math.abs(centre.latDeg)).toBeLessThan(1e-5);
    expect(icrsToGalactic(192.8594812, 27.1282512).latDeg).toBeCloseTo(90, 5);
  });

  it('gives the Galactic position of the Crab nebula (SIMBAD: l 184.5575, b -5.7843)', () => {
    const crab = icrsToGalactic(83.63308, 22.0145);
    expect(crab.lonDeg).toBeCloseTo(184.5575, 3);
    expect(crab.latDeg).toBeCloseTo(-5.7843, 3);
  });
});
