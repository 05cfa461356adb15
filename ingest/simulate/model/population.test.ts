import { describe, expect, it } from 'vitest';
import { hashSeed } from '../../../compute/random/index.js';
import { type StaticClass, spawnStaticSource } from './population.js';
import { locate, SKY_FIELDS } from './sky-grid.js';

const field = SKY_FIELDS[300];
let counter = 0;
const spawn = (cls: StaticClass, seed = 1, peak: [number, number] = [0, 5]) =>
  spawnStaticSource(cls, {
    field,
    jd: 2460400.8,
    simStartJd: 2460390.5,
    peakOffsetDays: peak,
    allocateObjectId: (year) => `ZTF${year % 100}obj${counter++}`,
    seed: hashSeed(seed, cls),
  });

describe('spawnStaticSource', () => {
  it('places the source inside the field, on the channel the grid gives', () => {
    const s = spawn('rrlyrae');
    expect(s.position?.field).toBe(field.field);
    expect(locate(s.raDeg, s.decDeg)).toEqual(s.position);
  });

  it('gives catalogued variables SIMBAD labels, a star neighbourhood and a pre-run history', () => {
    const rr = spawn('rrlyrae');
    expect(rr.labels.cdsxmatch).toBe('RRLyr');
    expect(rr.model?.kind).toBe('rrlyrae');
    expect(rr.neighbourhood.scene).toBe('star');
    expect(rr.neighbourhood.ps1[0].sgscore).toBeGreaterThan(0.9);
    expect(rr.neighbourhood.gaiaDr3Name).toMatch(/^Gaia DR3 \d+$/);
    expect(rr.priorDetections).toBeGreaterThanOrEqual(20);
    expect(rr.priorStartJd).toBeLessThan(2460390.5 - 199);
    expect(rr.objectId.startsWith('ZTF1') || rr.objectId.startsWith('ZTF2')).toBe(true);
    expect(spawn('eclipsing').labels.cdsxmatch).toBe('EB*');
    expect(spawn('mira').labels.cdsxmatch).toBe('Mira');
    const agnLabels = new Set(Array.from({ length: 40 }, (_, i) => spawn('agn', i).labels.cdsxmatch));
    expect([...agnLabels].every((l) => ['QSO', 'AGN', 'Seyfert_1', 'Unknown'].includes(l))).toBe(true);
    expect(agnLabels.size).toBeGreaterThan(2);
    expect(spawn('agn').drw).not.toBeNull();
  });

  it('puts transients in galaxies with cdsxmatch Unknown and retires them after they fade', () => {
    const sn = spawn('snia', 1, [3, 3]);
    expect(sn.labels.cdsxmatch).toBe('Unknown');
    expect(sn.neighbourhood.scene).toBe('galaxy');
    expect(sn.neighbourhood.ps1[0].sgscore).toBeLessThan(0.3);
    expect(sn.stampKind).toBe('galaxy');
    expect(sn.model?.kind).toBe('explosive');
    expect(sn.priorDetections).toBe(0);
    expect(sn.retireJd).toBeLessThan(2460400.8 + 3 + 150 + 1e-9);
    const old = spawn('snia', 2, [-30, -30]);
    expect(old.priorDetections).toBeGreaterThan(0);
    expect(old.priorStartJd).toBeLessThan(2460390.5);
    expect(spawn('kilonova').retireJd).toBeLessThan(2460400.8 + 16);
    expect(spawn('microlensing').model?.kind).toBe('microlensing');
  });

  it('is deterministic in its seed', () => {
    counter = 0;
    const a = spawn('agn', 5);
    counter = 0;
    const b = spawn('agn', 5);
    expect({ ...a, drw: null }).toEqual({ ...b, drw: null });
  });
});
