import { describe, expect, it } from 'vitest';
import {
  type BlockUpperlim,
  decodeBlockAlerts,
  decodeObjectBlock,
  encodeObjectBlock,
  type ObjectBlock,
  ObjectBlockEncoder,
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
        {
          classification: 'SN candidate',
          row: Uint8Array.from([1, 2, 3, 250]),
          text: {
            candid: 1060135832015015001n,
            jd: 2458814.6358,
            fid: 1,
            magpsf: Math.fround(18.25),
            sigmapsf: null,
            json: Buffer.from('"i:objectId":"ZTF19acihgng","v:constellation":"Taurus"'),
          },
        },
        { classification: null, row: new Uint8Array(0), text: null },
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
    const bytes = encodeObjectBlock(block);
    const back = decodeObjectBlock(bytes);
    expect(back.alerts.map((a) => a.classification)).toEqual(['SN candidate', null]);
    expect(back.alerts[0].text).toEqual({ ...block.alerts[0].text, json: expect.anything() });
    expect(back.alerts[0].text?.candid).toBe(1060135832015015001n);
    expect(Buffer.from(back.alerts[0].text?.json ?? []).toString()).toBe(
      '"i:objectId":"ZTF19acihgng","v:constellation":"Taurus"',
    );
    expect(back.alerts[1].text).toBeNull();
    // the alerts-only reader skips upper limits and stamps and gives the same alerts
    expect(decodeBlockAlerts(bytes)).toEqual(back.alerts);
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

  it('encodes blocks one after another into one growing buffer, each as encodeObjectBlock does', () => {
    // blocks of a few bytes to ~40 kB, past the encoder's initial 1 kB: it grows and keeps what it holds
    const blockOf = (n: number): ObjectBlock => ({
      alerts: Array.from({ length: n }, (_, k) => ({
        classification: k % 2 === 0 ? 'EB*' : null,
        row: Uint8Array.from({ length: 40 * n }, (_, b) => (b * 7 + k) & 0xff),
        text: null,
      })),
      upperlim: Array.from({ length: n }, (_, k) =>
        point(2458800.5 + k, k % 2 === 0 ? 'upperlim' : 'badquality'),
      ),
      stamps: [],
    });
    const blocks = [0, 1, 3, 30, 2, 0].map(blockOf);
    const encoder = new ObjectBlockEncoder(1024);
    const lengths = blocks.map((b) => encoder.add(b));
    const separate = blocks.map((b) => encodeObjectBlock(b));
    expect(lengths).toEqual(separate.map((b) => b.length));
    expect(Math.max(...lengths)).toBeGreaterThan(1024);
    expect(Buffer.compare(encoder.bytes(), Buffer.concat(separate))).toBe(0);
    expect(encoder.size).toBe(encoder.bytes().length);
    // after a reset, the next block starts at 0
    encoder.reset();
    expect(encoder.add(blocks[2])).toBe(encodeObjectBlock(blocks[2]).length);
    expect(decodeObjectBlock(encoder.bytes()).upperlim).toEqual(blocks[2].upperlim);
  });
});
