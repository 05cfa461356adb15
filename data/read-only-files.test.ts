import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReadOnlyFiles } from './read-only-files.js';

describe('ReadOnlyFiles', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-rof-'));
  const files = [0, 1, 2].map((i) => {
    const f = path.join(dir, `f${i}.bin`);
    fs.writeFileSync(f, Buffer.from(Array.from({ length: 100 }, (_, k) => (k + i) % 256)));
    return f;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads byte ranges of several files through at most maxOpen descriptors', () => {
    const open = new ReadOnlyFiles(2);
    for (let round = 0; round < 3; round++) {
      files.forEach((f, i) => {
        expect([...open.read(f, 10, 3)]).toEqual([10 + i, 11 + i, 12 + i]);
      });
    }
    open.closeAll();
  });

  it('reads transient ranges into one reused buffer, grown for larger reads', () => {
    const open = new ReadOnlyFiles();
    const first = open.readTransient(files[0], 10, 3, (b) => ({ copy: [...b], view: b }));
    expect(first.copy).toEqual([10, 11, 12]);
    expect(first.view.length).toBe(3);
    const second = open.readTransient(files[1], 20, 3, (b) => [...b]);
    expect(second).toEqual([21, 22, 23]);
    // the same memory: a kept view shows the next read's bytes (why `use` must not keep them)
    expect([...first.view]).toEqual([21, 22, 23]);
    const large = path.join(dir, 'large.bin');
    fs.writeFileSync(large, Buffer.alloc(200_000, 7));
    expect(
      open.readTransient(large, 0, 200_000, (b) => b.length === 200_000 && b.every((x) => x === 7)),
    ).toBe(true);
    open.closeAll();
  });

  it('throws on a range past the end of the file and on a missing file', () => {
    const open = new ReadOnlyFiles();
    expect(() => open.read(files[0], 98, 5)).toThrow(/ends before byte 103/);
    expect(() => open.read(path.join(dir, 'none.bin'), 0, 1)).toThrow();
    open.closeAll();
  });

  it('still reads a file after its descriptor was closed for leaving the catalog', () => {
    const open = new ReadOnlyFiles();
    expect(open.read(files[1], 0, 1)[0]).toBe(1);
    open.closeUnless((f) => f !== files[1]);
    expect(open.read(files[1], 1, 1)[0]).toBe(2);
    open.closeAll();
  });
});
