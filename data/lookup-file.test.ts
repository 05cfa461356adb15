import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareUtf8, createLookupFileWriter, readLookupFile } from './lookup-file.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-lookup-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Keys sorted by UTF-8 bytes, as DuckDB's ORDER BY gives them. */
function byteSorted(keys: string[]): string[] {
  return [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

function writeFile(name: string, entries: [string, string][], blockBytes?: number): string {
  const file = path.join(dir, name);
  const w = createLookupFileWriter(file, blockBytes);
  for (const [k, v] of entries) w.add(k, v);
  expect(w.close()).toBe(entries.length);
  return file;
}

describe('lookup files', () => {
  // 5,000 keys "k00000".."k09998" (even numbers only) in blocks of ~256 bytes: ~700 blocks
  const keys = Array.from({ length: 5000 }, (_, i) => `k${String(2 * i).padStart(5, '0')}`);
  const file = writeFile(
    'many.lookup',
    keys.map((k) => [k, JSON.stringify(`value of ${k}`)]),
    256,
  );

  it('finds every key, in any order, across block boundaries', () => {
    const shuffled = keys.map((k, i) => keys[(i * 7919) % keys.length] ?? k);
    const found = readLookupFile(file, shuffled);
    expect(found?.size).toBe(keys.length);
    for (const k of keys) expect(found?.get(k)).toBe(`value of ${k}`);
  });

  it('finds nothing for keys before, between, after and around the stored ones', () => {
    const absent = ['', 'a', 'k', 'k00001', 'k04999', 'k09999', 'k10000', 'z', 'K00000', 'k00000 '];
    expect(readLookupFile(file, absent)).toEqual(new Map());
    expect(readLookupFile(file, ['k00002', 'k00003'])).toEqual(new Map([['k00002', 'value of k00002']]));
  });

  it('orders keys by UTF-8 bytes, not UTF-16 code units', () => {
    // U+FF5E sorts before U+1F600 in UTF-8 (EF.. < F0..) but after it in UTF-16 (FF5E > D83D)
    const unicode = byteSorted(['ceres', 'čapek', '\uFF5E', '😀', 'Ceres', '2002ma6', '~1aq8']);
    expect(unicode.indexOf('\uFF5E')).toBeLessThan(unicode.indexOf('😀'));
    const f = writeFile(
      'unicode.lookup',
      unicode.map((k) => [k, JSON.stringify(k.toUpperCase())]),
      1,
    );
    const found = readLookupFile(f, [...unicode, 'capek', 'CERES']);
    expect([...(found?.keys() ?? [])].sort()).toEqual([...unicode].sort());
    expect(found?.get('čapek')).toBe('ČAPEK');
  });

  it('keeps JSON values as written', () => {
    const f = writeFile('json.lookup', [
      ['a', '[["8467",0],["K10J69O",1]]'],
      ['b', '[1,2.5578,null,"C/2020 V2",-0.0,1e-300]'],
    ]);
    expect(readLookupFile(f, ['a', 'b'])).toEqual(
      new Map<string, unknown>([
        [
          'a',
          [
            ['8467', 0],
            ['K10J69O', 1],
          ],
        ],
        ['b', [1, 2.5578, null, 'C/2020 V2', -0, 1e-300]],
      ]),
    );
  });

  it('compares strings as their UTF-8 bytes', () => {
    const samples = [
      '',
      'a',
      'A',
      'ab',
      'b',
      'z~',
      'é',
      'č',
      '\uD7FF',
      '\uE000',
      '\uFF5E',
      '\uFFFF',
      '😀',
      '𐀀',
      'a😀',
      'a\uFFFF',
    ];
    for (const a of samples) {
      for (const b of samples) {
        expect(Math.sign(compareUtf8(a, b)), `${a} vs ${b}`).toBe(
          Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))),
        );
      }
    }
  });

  it('answers an empty file and a missing one', () => {
    const empty = writeFile('empty.lookup', []);
    expect(readLookupFile(empty, ['a'])).toEqual(new Map());
    expect(readLookupFile(path.join(dir, 'absent.lookup'), ['a'])).toBeNull();
  });

  it('refuses keys out of order and files that are not lookup files', () => {
    const w = createLookupFileWriter(path.join(dir, 'bad.lookup'));
    w.add('b', '1');
    expect(() => w.add('a', '2')).toThrow(/out of order/);
    expect(() => w.add('b', '2')).toThrow(/out of order/);
    // U+FFFF before U+1F600 in UTF-8, though after it in UTF-16 code units
    w.add('\uFFFF', '3');
    expect(() => w.add('\uFF00', '4')).toThrow(/out of order/);
    w.add('😀', '5');
    w.close();
    const notLookup = path.join(dir, 'names.parquet');
    fs.writeFileSync(notLookup, 'PAR1 not a lookup file at all');
    expect(() => readLookupFile(notLookup, ['a'])).toThrow(/not a lookup file/);
  });
});
