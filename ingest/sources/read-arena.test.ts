import { describe, expect, it } from 'vitest';
import { Prng } from '../../compute/random/index.js';
import { type ArenaBuffer, ReadArena } from './read-arena.js';

/** Fills a buffer with bytes derived from its sequence number. */
function stamp(b: ArenaBuffer): void {
  for (let i = 0; i < b.bytes.length; i++) b.bytes[i] = (b.seq * 31 + i) & 0xff;
}

function intact(b: ArenaBuffer): boolean {
  for (let i = 0; i < b.bytes.length; i++) if (b.bytes[i] !== ((b.seq * 31 + i) & 0xff)) return false;
  return true;
}

describe('ReadArena', () => {
  it('never hands out bytes of a buffer not yet released, through many wraps of the ring', () => {
    const prng = new Prng(11);
    const arena = new ReadArena(10_000);
    let live: ArenaBuffer[] = [];
    let broken = 0;
    for (let step = 0; step < 5000; step++) {
      if (live.length > 0 && prng.nextUint32() % 2 === 0) {
        // release the oldest few, in order, as durable batches do
        const upTo = live[Math.min(live.length - 1, prng.nextUint32() % 4)].seq;
        arena.releaseBefore(upTo);
        live = live.filter((b) => b.seq >= upTo);
      } else {
        const b = arena.take(prng.nextUint32() % 1500);
        stamp(b);
        live.push(b);
      }
      for (const b of live) if (!intact(b)) broken++;
    }
    expect(broken).toBe(0);
    // the ring was reused: ~100 times the bytes it holds were taken, mostly from the ring itself
    expect(arena.taken).toBeGreaterThan(2000);
    expect(arena.fallbacks).toBeLessThan(arena.taken / 2);
  });

  it('lets its ring go on free, and allocates a new one at the next take', () => {
    const allocations: number[] = [];
    const arena = new ReadArena(1_000, (bytes) => {
      allocations.push(bytes);
      return Buffer.alloc(bytes);
    });
    const first = arena.take(600);
    arena.free();
    // the ring is empty again: 600 bytes fit at its start, in a ring of its own (the first one's bytes untouched)
    first.bytes.fill(7);
    const second = arena.take(600);
    second.bytes.fill(9);
    expect(allocations).toEqual([1_000, 1_000]);
    expect(arena.fallbacks).toBe(0);
    expect(first.bytes.every((b) => b === 7)).toBe(true);
  });

  it('takes a fresh buffer when the ring has no room, and the ring again once it is released', () => {
    const arena = new ReadArena(1000);
    const a = arena.take(600);
    const b = arena.take(600); // no room after a, none before it
    expect(arena.fallbacks).toBe(1);
    expect(b.bytes.buffer).not.toBe(a.bytes.buffer);
    const c = arena.take(300); // after a
    expect(c.bytes.buffer).toBe(a.bytes.buffer);
    expect(c.bytes.byteOffset - a.bytes.byteOffset).toBe(600);
    arena.releaseBefore(c.seq); // a (and the fresh b) given back; c still live at [600, 900)
    const d = arena.take(500); // does not fit after c: wraps to the start
    expect(d.bytes.byteOffset).toBe(a.bytes.byteOffset);
    expect(arena.take(200).bytes.buffer).not.toBe(a.bytes.buffer); // between d's end and c: 100 bytes only
    const e = arena.take(100); // exactly the 100 bytes up to c
    expect([e.bytes.buffer === a.bytes.buffer, e.bytes.byteOffset - a.bytes.byteOffset]).toEqual([true, 500]);
    expect(arena.take(1).bytes.buffer).not.toBe(a.bytes.buffer); // the ring is full up to c
    arena.releaseBefore(arena.nextSequence());
    const f = arena.take(1000); // all released: the whole ring
    expect([f.bytes.buffer === a.bytes.buffer, f.bytes.byteOffset - a.bytes.byteOffset]).toEqual([true, 0]);
    expect(arena.take(5000).bytes.length).toBe(5000); // larger than the ring
    expect(arena.fallbacks).toBe(4);
  });

  it('fills the ring to its last byte and before its oldest live buffer, not one byte more', () => {
    const arena = new ReadArena(1000);
    const x = arena.take(300);
    const y = arena.take(700); // up to the end exactly
    expect([y.bytes.length, y.bytes.byteOffset - x.bytes.byteOffset]).toEqual([700, 300]);
    expect(arena.take(1).bytes.buffer).not.toBe(x.bytes.buffer); // full
    arena.releaseBefore(y.seq); // x given back: [0, 300) free, y live from 300
    expect(arena.take(301).bytes.buffer).not.toBe(x.bytes.buffer);
    const z = arena.take(300);
    expect([z.bytes.buffer === x.bytes.buffer, z.bytes.byteOffset - x.bytes.byteOffset]).toEqual([true, 0]);
    expect(arena.fallbacks).toBe(2);
  });

  it('allocates the ring and its fallbacks as told, e.g. in memory shared with a worker thread', () => {
    const allocated: number[] = [];
    const arena = new ReadArena(1000, (bytes) => {
      allocated.push(bytes);
      return Buffer.from(new SharedArrayBuffer(bytes));
    });
    const a = arena.take(800);
    const b = arena.take(400); // no room: a buffer of its own, shared too
    const empty = arena.take(0);
    expect(allocated).toEqual([1000, 400, 0]);
    for (const x of [a, b, empty]) expect(x.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([a.bytes.byteOffset, a.bytes.length, b.bytes.length, empty.bytes.length]).toEqual([
      0, 800, 400, 0,
    ]);
  });
});
