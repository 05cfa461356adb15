import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Prng } from '../compute/random/index.js';
import { DirectAppendFile } from './direct-append-file.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempFile(root: string): string {
  const dir = fs.mkdtempSync(path.join(root, 'skyalert-direct-'));
  dirs.push(dir);
  return path.join(dir, 'data.bin');
}

function randomBytes(prng: Prng, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = prng.nextUint32() & 255;
  return out;
}

/** Chunk sizes around the 4,096-byte blocks and the 8 MiB buffer. */
const SIZES = [1, 4095, 4096, 4097, 0, 3, 8 << 20, (8 << 20) + 5, 12_345, 65_536];

// tmpfs (/dev/shm) may refuse O_DIRECT: the file then goes through the page cache, with the same result
const roots = [os.tmpdir(), ...(fs.existsSync('/dev/shm') ? ['/dev/shm'] : [])];

describe.each(roots)('DirectAppendFile under %s', (root) => {
  it('holds exactly the appended bytes, across appends, syncs and a reopening', async () => {
    const file = tempFile(root);
    const prng = new Prng(11);
    const expected: Uint8Array[] = [];
    let out = DirectAppendFile.open(file);
    let length = 0;
    for (const [k, size] of SIZES.entries()) {
      const chunks = [randomBytes(prng, size), randomBytes(prng, k * 7)];
      expect(out.end).toBe(length);
      await out.append(chunks);
      if (k % 3 === 0) await out.sync();
      expected.push(...chunks);
      length += size + k * 7;
      expect(out.end).toBe(length);
      if (k === 4) {
        // a reopened file continues at its end, its last partial block included
        out.close();
        expect(fs.statSync(file).size).toBe(length);
        out = DirectAppendFile.open(file);
      }
    }
    await out.sync();
    out.close();
    expect(fs.statSync(file).size).toBe(length);
    expect(Buffer.compare(fs.readFileSync(file), Buffer.concat(expected))).toBe(0);
  });

  it('appends after bytes left beyond the last recorded end (padding of a crashed writer)', async () => {
    const file = tempFile(root);
    fs.writeFileSync(file, Buffer.alloc(5000, 9));
    const out = DirectAppendFile.open(file);
    expect(out.end).toBe(5000);
    await out.append([Buffer.from('stamp')]);
    out.close();
    const bytes = fs.readFileSync(file);
    expect(bytes.length).toBe(5005);
    expect(bytes.subarray(0, 5000).every((b) => b === 9)).toBe(true);
    expect(bytes.subarray(5000).toString()).toBe('stamp');
  });
});

describe('DirectAppendFile on a file system that refuses direct writes after the open', () => {
  it('rewrites the refused block through the page cache and keeps every byte', async (ctx) => {
    const file = tempFile(os.tmpdir());
    const prng = new Prng(5);
    const out = DirectAppendFile.open(file);
    if (!out.direct) {
      out.close();
      console.warn(
        `skipped: ${os.tmpdir()} refuses O_DIRECT at open, so a refusal after the open cannot be shown`,
      );
      ctx.skip();
    }
    const first = randomBytes(prng, 6000);
    await out.append([first]);
    // the next write is refused as some file systems do (EINVAL): the file stays open, written from then on
    // through the page cache
    const realWrite = fs.write;
    let refused = 0;
    const spy = vi.spyOn(fs, 'write').mockImplementation(((...args: unknown[]) => {
      if (refused === 0) {
        refused++;
        const callback = args[args.length - 1] as (err: NodeJS.ErrnoException) => void;
        callback(Object.assign(new Error('EINVAL: invalid argument, write'), { code: 'EINVAL' }));
        return;
      }
      return (realWrite as (...a: unknown[]) => void)(...args);
    }) as typeof fs.write);
    try {
      const second = randomBytes(prng, 9000);
      await out.append([second]);
      await out.sync();
      out.close();
      expect(refused).toBe(1);
      expect(out.direct).toBe(false);
      expect(Buffer.compare(fs.readFileSync(file), Buffer.concat([first, second]))).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });
});
