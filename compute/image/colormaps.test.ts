import { describe, expect, it } from 'vitest';
import { COLORMAPS, colormapIndex, findColormap } from './colormaps.js';

function entry(name: string, i: number): number[] {
  const lut = findColormap(name)!.lut;
  return [lut[3 * i], lut[3 * i + 1], lut[3 * i + 2]];
}

/** matplotlib table entries (lib/matplotlib/_cm_listed.py) as bytes, rounded. */
function bytes(r: number, g: number, b: number): number[] {
  return [r, g, b].map((v) => Math.round(v * 255));
}

const toleranceBytes = 3;

describe('colour maps', () => {
  it('has every documented map, 256 RGB entries each, and its reverse', () => {
    for (const name of COLORMAPS) {
      const cm = findColormap(name)!;
      expect(cm.lut.length).toBe(768);
      const rev = findColormap(`${name}_r`)!;
      expect(entry(`${name}_r`, 0)).toEqual(entry(name, 255));
      expect(rev.isGrey).toBe(cm.isGrey);
    }
  });

  it('reproduces matplotlib at the anchors exactly', () => {
    expect(entry('viridis', 0)).toEqual(bytes(0.267004, 0.004874, 0.329415));
    expect(entry('viridis', 128)).toEqual(bytes(0.127568, 0.566949, 0.550556));
    expect(entry('viridis', 255)).toEqual(bytes(0.993248, 0.906157, 0.143936));
    expect(entry('magma', 128)).toEqual(bytes(0.716387, 0.214982, 0.47529));
    expect(entry('coolwarm', 0)).toEqual(bytes(0.2298057, 0.298717966, 0.753683153));
    expect(entry('coolwarm', 255)).toEqual(bytes(0.705673158, 0.01555616, 0.150232812));
  });

  it('gives the listed tables of matplotlib exactly for viridis, magma, inferno and plasma (d3-scale-chromatic)', () => {
    const checks: [string, number, number[]][] = [
      ['viridis', 100, bytes(0.166617, 0.463708, 0.558119)],
      ['magma', 0, bytes(0.001462, 0.000466, 0.013866)],
      ['magma', 217, bytes(0.997351, 0.719089, 0.493755)],
      ['magma', 255, bytes(0.987053, 0.991438, 0.749504)],
      ['inferno', 0, bytes(0.001462, 0.000466, 0.013866)],
      ['inferno', 200, bytes(0.985952, 0.61575, 0.025592)],
      ['plasma', 100, bytes(0.683758, 0.156278, 0.57166)],
    ];
    for (const [name, i, want] of checks) expect(entry(name, i), `${name}[${i}]`).toEqual(want);
  });

  it('stays within 3/255 of matplotlib between the anchors of cividis', () => {
    const checks: [string, number, number[]][] = [
      ['cividis', 21, bytes(0, 0.19095, 0.441085)],
      ['cividis', 253, bytes(0.995249, 0.898384, 0.207561)],
    ];
    for (const [name, i, want] of checks) {
      entry(name, i).forEach((v, ch) => {
        expect(Math.abs(v - want[ch]), `${name}[${i}] channel ${ch}`).toBeLessThanOrEqual(toleranceBytes);
      });
    }
  });

  it('builds the grey and segmented maps as matplotlib defines them', () => {
    for (let i = 0; i < 256; i += 51) expect(entry('gray', i)).toEqual([i, i, i]);
    expect(entry('Greys', 0)).toEqual([255, 255, 255]);
    expect(entry('Greys', 255)).toEqual([0, 0, 0]);
    expect(findColormap('Greys')!.isGrey).toBe(true);
    expect(findColormap('viridis')!.isGrey).toBe(false);
    expect(entry('Blues', 255)).toEqual([0x08, 0x30, 0x6b]);
    expect(entry('Reds', 0)).toEqual([0xff, 0xf5, 0xf0]);
    expect(entry('hot', 0)).toEqual([11, 0, 0]);
    expect(entry('hot', 255)).toEqual([255, 255, 255]);
    expect(entry('hot', 150)).toEqual([
      255,
      Math.round(((150 / 255 - 0.365079) / (0.746032 - 0.365079)) * 255),
      0,
    ]);
  });

  it('finds names in matplotlib spelling or any case, and nothing else', () => {
    expect(findColormap('greys')!.name).toBe('Greys');
    expect(findColormap('VIRIDIS_R')!.name).toBe('viridis_r');
    expect(findColormap('jet')).toBeNull();
    expect(findColormap('')).toBeNull();
  });

  it('indexes levels as matplotlib: ⌊level × 256⌋ clipped to 0-255', () => {
    expect([0, 0.5, 0.999, 1, -1, Number.NaN].map(colormapIndex)).toEqual([0, 128, 255, 255, 0, 0]);
  });
});
