import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('AnswerCache', () => {
  it('keeps answers by version and key, within its bound in bytes, least recently used dropped first', () => {
    const cache = new AnswerCache(100);
    cache.set(1, 'a', bytes(20, 1));
    cache.set(1, 'b', bytes(20, 2));
    cache.set(1, 'c', bytes(20, 3));
    expect(cache.get(1, 'a')?.[0]).toBe(1); // a is now the most recently used
    cache.set(1, 'd', bytes(25, 4));
    cache.set(1, 'e', bytes(25, 5)); // 110 bytes: b, the least recently used, goes
    expect(cache.get(1, 'b')).toBeUndefined();
    expect([cache.get(1, 'a')?.[0], cache.get(1, 'c')?.[0], cache.get(1, 'e')?.[0]]).toEqual([1, 3, 5]);
    expect(cache.size).toBe(90);
  });

  it('does not keep an answer larger than a quarter of its bound', () => {
    const cache = new AnswerCache(100);
    cache.set(1, 'big', bytes(26));
    expect(cache.get(1, 'big')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets every answer when a newer catalog version is asked, and never keeps one of an older version', () => {
    const cache = new AnswerCache(100);
    cache.set(1, 'a', bytes(10));
    expect(cache.get(2, 'a')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set(1, 'a', bytes(10)); // a request that began on version 1 and ends after the switch
    expect(cache.get(2, 'a')).toBeUndefined();
    expect(cache.get(1, 'a')).toBeUndefined();
  });
});

describe('AnswerCache.answer', () => {
  it('makes an answer once for the requests that arrive while it is being made, then keeps it', async () => {
    const cache = new AnswerCache(100);
    let made = 0;
    let finish: (b: Buffer) => void = () => {};
    const make = () => {
      made++;
      return new Promise<Buffer>((resolve) => {
        finish = resolve;
      });
    };
    const waiting = [cache.answer(1, 'a', make), cache.answer(1, 'a', make), cache.answer(1, 'a', make)];
    finish(bytes(10, 7));
    const answers = await Promise.all(waiting);
    expect(made).toBe(1);
    expect(answers.map((b) => b[0])).toEqual([7, 7, 7]);
    expect((await cache.answer(1, 'a', make))[0]).toBe(7);
    expect(made).toBe(1);
    await cache.answer(2, 'a', async () => bytes(10, 8)); // another version: made again
    expect(cache.get(2, 'a')?.[0]).toBe(8);
  });

  it('gives a failure to every waiting request, keeps nothing, and makes the answer again next time', async () => {
    const cache = new AnswerCache(100);
    let made = 0;
    const failing = async () => {
      made++;
      throw new Error('query failed');
    };
    const results = await Promise.allSettled([cache.answer(1, 'a', failing), cache.answer(1, 'a', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(made).toBe(1);
    expect(cache.get(1, 'a')).toBeUndefined();
    expect((await cache.answer(1, 'a', async () => bytes(5, 3)))[0]).toBe(3);
  });
});
