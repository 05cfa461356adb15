import { describe, expect, it } from 'vitest';
import {
  type BlockUpperlim,
  decodeObjectBlock,
  encodeObjectBlock,
  type ObjectBlock,
} from './object-blocks.js';

const point = (jd: number, tag: string): BlockUpperlim => ({
  jd,
  fid: 2,
  magpsf: tag === 'upperlim' ? null : Math.fround(19.59),
  sigmapsf: null,
  diffmaglim: Math.fround(20.31),
  magnr: null,
  sigmagnr: null,
  isdiffpos: tag === 'upperlim' ? null : 't',
  distnr: Math.fround(0.4),
  rb: null,
  nbad: 0,
  tag,
});

describe('object blocks', () => {
  it('round-trip alerts, upper limits and stamp references exactly (64-bit ids, float32 values, nulls)', () => {
    const block: ObjectBlock = {
      alerts: [
        { classification: 'SN candidate', row: Uint8Array.from([1, 2, 3, 250]) },
        { classification: null, row: new Uint8Array(0) },
      ],
      upperlim: [point(2458814.6358, 'upperlim'), point(2458813.5, 'badquality')],
      stamps: [
        {
          // candid above 2^53: must not pass through a JS number
          candid: 1060135832015015002n,
          jd: 2458814.6358,
          night: 20191127,
          offset: 5_000_000_000n,
          scienceLen: 12345,
          templateLen: null,
          differenceLen: 7,
        },
      ],
    };
    const back = decodeObjectBlock(encodeObjectBlock(block));
    expect(back.alerts.map((a) => a.classification)).toEqual(['SN candidate', null]);
    expect([...back.alerts[0].row]).toEqual([1, 2, 3, 250]);
    expect(back.alerts[1].row.length).toBe(0);
    expect(back.upperlim).toEqual(block.upperlim);
    expect(back.stamps).toEqual(block.stamps);
    expect(back.stamps[0].candid).toBe(1060135832015015002n);
  });

  it('decodes an empty block and rejects truncated bytes', () => {
    const empty = encodeObjectBlock({ alerts: [], upperlim: [], stamps: [] });
    expect(decodeObjectBlock(empty)).toEqual({ alerts: [], upperlim: [], stamps: [] });
    const full = encodeObjectBlock({ alerts: [], upperlim: [point(2458814.5, 'upperlim')], stamps: [] });
    expect(() => decodeObjectBlock(full.subarray(0, full.length - 3))).toThrow();
  });
});
