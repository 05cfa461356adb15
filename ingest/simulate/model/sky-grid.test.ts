import { describe, expect, it } from 'vitest';
import {
  CHANNEL_HEIGHT_PX,
  CHANNEL_WIDTH_PX,
  distanceToEdgePx,
  FIRST_FIELD_ID,
  locate,
  pointInField,
  SKY_FIELDS,
  skyField,
} from './sky-grid.js';

describe('sky grid', () => {
  it('tiles the sky north of -32.5 deg with ~7 deg fields of ~50 deg2', () => {
    expect(SKY_FIELDS.length).toBeGreaterThan(500);
    expect(SKY_FIELDS.length).toBeLessThan(700);
    expect(SKY_FIELDS[0].field).toBe(FIRST_FIELD_ID);
    const equatorial = SKY_FIELDS.find((f) => Math.abs(f.decDeg) < 4);
    expect(equatorial && equatorial.raMaxDeg - equatorial.raMinDeg).toBeCloseTo(7, 0);
    expect(locate(10, -40)).toBeNull();
  });

  it('maps positions to a field, a channel 0..63 and pixels, and back', () => {
    for (const f of [SKY_FIELDS[3], SKY_FIELDS[200], SKY_FIELDS[SKY_FIELDS.length - 2]]) {
      for (const [u, v] of [
        [0.01, 0.02],
        [0.45, 0.55],
        [0.99, 0.97],
      ]) {
        const p = pointInField(f, u, v);
        const at = locate(p.raDeg, p.decDeg);
        expect(at?.field).toBe(f.field);
        expect(at?.rcid).toBe(Math.floor(v * 8) * 8 + Math.floor(u * 8));
        expect(at?.xpos).toBeGreaterThanOrEqual(0);
        expect(at?.xpos).toBeLessThan(CHANNEL_WIDTH_PX);
        expect(at?.ypos).toBeLessThan(CHANNEL_HEIGHT_PX);
      }
    }
    expect(skyField(FIRST_FIELD_ID + 10)?.field).toBe(FIRST_FIELD_ID + 10);
    expect(locate(370, 10)?.field).toBe(locate(10, 10)?.field);
  });

  it('measures the distance to the channel edge', () => {
    expect(distanceToEdgePx(100, 2000)).toBe(100);
    expect(distanceToEdgePx(1500, 3000)).toBe(80);
  });
});
