import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { viewBytesType } from './avro-bytes.js';

const SCHEMA = {
  type: 'record',
  name: 'Stamp',
  fields: [
    { name: 'name', type: 'string' },
    { name: 'stampData', type: ['null', 'bytes'] },
  ],
} as avro.Schema;

describe('viewBytesType', () => {
  const views = avro.Type.forSchema(SCHEMA, { registry: { bytes: viewBytesType } });
  const copies = avro.Type.forSchema(SCHEMA);
  const stamp = Buffer.alloc(6000, 0xab); // above avsc's 4 KiB pool: the case views are for
  const encoded = copies.toBuffer({ name: 'science', stampData: stamp });

  it('reads bytes equal to what was written, as views of the decoded buffer', () => {
    const read = views.fromBuffer(encoded) as { name: string; stampData: Buffer };
    expect(read.name).toBe('science');
    expect(read.stampData.equals(stamp)).toBe(true);
    expect(read.stampData.buffer).toBe(encoded.buffer);
    // avsc's own type copies
    const copied = copies.fromBuffer(encoded) as { stampData: Buffer };
    expect(copied.stampData.buffer).not.toBe(encoded.buffer);
    expect(views.fromBuffer(copies.toBuffer({ name: 'x', stampData: null }))).toEqual({
      name: 'x',
      stampData: null,
    });
  });

  it('rejects a value cut short, as avsc does', () => {
    const cut = encoded.subarray(0, encoded.length - 10);
    expect(() => copies.fromBuffer(cut)).toThrow(/truncated/);
    expect(() => views.fromBuffer(cut)).toThrow(/truncated/);
  });
});
