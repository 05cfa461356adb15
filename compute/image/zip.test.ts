import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { writeZip } from './zip.js';

interface ReadEntry {
  name: string;
  method: number;
  data: Uint8Array;
  dosTime: number;
  dosDate: number;
}

/** Reads an archive the way unzip does: end record → central directory → local headers. */
function readZip(zip: Uint8Array): ReadEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.length);
  const end = zip.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let pos = view.getUint32(end + 16, true);
  expect(pos + view.getUint32(end + 12, true)).toBe(end);
  const out: ReadEntry[] = [];
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(pos, true)).toBe(0x02014b50);
    const method = view.getUint16(pos + 10, true);
    const crc = view.getUint32(pos + 16, true);
    const size = view.getUint32(pos + 20, true);
    const nameLength = view.getUint16(pos + 28, true);
    const local = view.getUint32(pos + 42, true);
    const name = new TextDecoder().decode(zip.subarray(pos + 46, pos + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    // flag bit 11 (UTF-8 names) where a name is not ASCII
    if (/[^\p{ASCII}]/u.test(name)) expect(view.getUint16(local + 6, true) & 0x0800).toBe(0x0800);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const body = zip.subarray(start, start + size);
    const data = method === 8 ? new Uint8Array(inflateRawSync(body)) : body;
    expect(data.length).toBe(view.getUint32(pos + 24, true));
    expect(crc32(data)).toBe(crc);
    out.push({
      name,
      method,
      data,
      dosTime: view.getUint16(pos + 12, true),
      dosDate: view.getUint16(pos + 14, true),
    });
    pos += 46 + nameLength;
  }
  return out;
}

describe('writeZip', () => {
  const text = new TextEncoder().encode('hello hello hello hello hello hello\n'.repeat(20));
  const binary = Uint8Array.from({ length: 1000 }, (_, i) => (i * 131) & 0xff);

  it('writes stored and deflated entries that read back with their CRC, size and name', () => {
    const zip = writeZip([
      { name: 'a.txt', data: text },
      { name: 'dir/b.bin', data: binary, method: 'store' },
      { name: 'empty', data: new Uint8Array(0) },
    ]);
    const entries = readZip(zip);
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ['a.txt', 8],
      ['dir/b.bin', 0],
      ['empty', 8],
    ]);
    expect(entries[0].data).toEqual(text);
    expect(entries[1].data).toEqual(binary);
    expect(entries[2].data.length).toBe(0);
    expect(zip.length).toBeLessThan(text.length + binary.length);
  });

  it('keeps UTF-8 names and writes the modification time in MS-DOS form (UTC, 2 s steps)', () => {
    const at = new Date(Date.UTC(2019, 10, 27, 3, 15, 33));
    const [entry] = readZip(writeZip([{ name: 'étoile_ZTF.fits', data: binary, modifiedAt: at }]));
    expect(entry.name).toBe('étoile_ZTF.fits');
    expect(entry.dosDate).toBe(((2019 - 1980) << 9) | (11 << 5) | 27);
    expect(entry.dosTime).toBe((3 << 11) | (15 << 5) | 16);
  });

  it('clamps times outside 1980-2099 and writes an empty archive as a bare end record', () => {
    const [entry] = readZip(writeZip([{ name: 'x', data: binary, modifiedAt: new Date(0) }]));
    expect(entry.dosDate).toBe((1 << 5) | 1);
    const [late] = readZip(
      writeZip([{ name: 'x', data: binary, modifiedAt: new Date(Date.UTC(2150, 0, 1)) }]),
    );
    expect(late.dosDate).toBe(((2099 - 1980) << 9) | (12 << 5) | 31);
    expect(late.dosTime).toBe((23 << 11) | (59 << 5) | 29);
    expect(writeZip([]).length).toBe(22);
  });

  it('keeps the order of the entries', () => {
    const names = ['z.fits.gz', 'a/b.png', 'constructor', 'm'];
    const zip = writeZip(names.map((name) => ({ name, data: binary })));
    expect(readZip(zip).map((e) => e.name)).toEqual(names);
  });

  it('rejects empty, absolute and repeated names', () => {
    expect(() => writeZip([{ name: '', data: text }])).toThrow(RangeError);
    expect(() => writeZip([{ name: '/etc/x', data: text }])).toThrow(RangeError);
    expect(() => writeZip([{ name: '__proto__', data: text }])).toThrow(RangeError);
    expect(() =>
      writeZip([
        { name: 'x', data: text },
        { name: 'x', data: text },
      ]),
    ).toThrow(/repeated/);
  });
});
