import { describe, expect, it } from 'vitest';
import { encodeConfluentFrame, parseConfluentFrame } from './frame.js';

describe('parseConfluentFrame', () => {
  it('reads the schema id big-endian and gives the rest as the datum', () => {
    // 1000 = 0x000003e8; 0x01020304 = 16909060
    const frame = parseConfluentFrame(Uint8Array.from([0, 0, 0, 3, 0xe8, 7, 8, 9]));
    expect(frame).toEqual({ ok: true, schemaId: 1000, datum: Uint8Array.from([7, 8, 9]) });
    const other = parseConfluentFrame(Uint8Array.from([0, 1, 2, 3, 4]));
    expect(other).toEqual({ ok: true, schemaId: 16909060, datum: new Uint8Array(0) });
    const top = parseConfluentFrame(Uint8Array.from([0, 0xff, 0xff, 0xff, 0xff, 1]));
    expect(top.ok && top.schemaId).toBe(4294967295);
  });

  it('reads a frame that is a view into a larger buffer', () => {
    const big = Uint8Array.from([9, 9, 9, 0, 0, 0, 2, 0xbf, 42]);
    const frame = parseConfluentFrame(big.subarray(3));
    expect(frame).toEqual({ ok: true, schemaId: 703, datum: Uint8Array.from([42]) });
  });

  it('rejects bytes shorter than the 5-byte header, with their length', () => {
    for (const n of [0, 1, 4]) {
      const frame = parseConfluentFrame(new Uint8Array(n));
      expect(frame.ok).toBe(false);
      if (!frame.ok) expect(frame.reason).toContain(`too short: ${n} bytes`);
    }
  });

  it('rejects a magic byte other than 0, and says when the message is an Avro container', () => {
    const bad = parseConfluentFrame(Uint8Array.from([1, 0, 0, 3, 0xe8, 0]));
    expect(bad).toEqual({ ok: false, reason: 'not a Confluent frame: magic byte is 0x01, expected 0x00' });
    const container = parseConfluentFrame(Buffer.from('Obj\u0001 and the rest'));
    expect(container.ok).toBe(false);
    if (!container.ok) expect(container.reason).toMatch(/magic byte is 0x4f.*Avro object container/);
  });
});

describe('encodeConfluentFrame', () => {
  it('writes the magic byte, the id big-endian and the datum', () => {
    expect([...encodeConfluentFrame(1100, Uint8Array.from([5, 6]))]).toEqual([0, 0, 0, 0x04, 0x4c, 5, 6]);
  });

  it('round-trips through parseConfluentFrame', () => {
    const datum = Uint8Array.from({ length: 300 }, (_, i) => i % 256);
    for (const id of [0, 1, 703, 1000, 2 ** 31, 2 ** 32 - 1]) {
      expect(parseConfluentFrame(encodeConfluentFrame(id, datum))).toEqual({ ok: true, schemaId: id, datum });
    }
  });

  it('refuses an id the 4 bytes cannot carry', () => {
    for (const id of [-1, 2 ** 32, 1.5, Number.NaN]) {
      expect(() => encodeConfluentFrame(id, new Uint8Array(0))).toThrow(RangeError);
    }
  });
});
