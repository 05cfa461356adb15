import { describe, expect, it } from 'vitest';
import { classPoints, classRuns } from './class-history.js';

describe('classification history', () => {
  it('orders the alerts by time and cuts runs where the class changes', () => {
    const rows = [
      { 'i:jd': 3, 'i:candid': '3', 'v:classification': 'SN candidate' },
      { 'i:jd': 1, 'i:candid': '1', 'v:classification': 'Unknown' },
      { 'i:jd': 2, 'i:candid': '2', 'v:classification': 'Early SN Ia candidate' },
      { 'i:jd': 2.5, 'i:candid': '25', 'v:classification': 'Early SN Ia candidate' },
      { 'i:jd': 2.7, 'i:candid': null, 'd:tag': 'upperlim' },
      { 'i:jd': 4, 'i:candid': '4', 'v:classification': null },
    ];
    const points = classPoints(rows);
    expect(points.map((p) => p.candid)).toEqual(['1', '2', '25', '3', '4']);
    expect(points[4].classification).toBe('Unknown');
    expect(classRuns(points)).toEqual([
      { classification: 'Unknown', firstJd: 1, lastJd: 1, alerts: 1 },
      { classification: 'Early SN Ia candidate', firstJd: 2, lastJd: 2.5, alerts: 2 },
      { classification: 'SN candidate', firstJd: 3, lastJd: 3, alerts: 1 },
      { classification: 'Unknown', firstJd: 4, lastJd: 4, alerts: 1 },
    ]);
  });
});
