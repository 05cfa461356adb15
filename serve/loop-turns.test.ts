import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { LoopTurns, loopTurns } from './loop-turns.js';

/** Holds the thread for `ms` (a handler's synchronous work). */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
}

describe('LoopTurns', () => {
  it('starts waiting jobs in arrival order', async () => {
    const turns = new LoopTurns();
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4].map((i) => turns.turn().then(() => order.push(i))));
    expect(order).toEqual([1, 2, 3, 4]);
    expect(turns.queued).toBe(0);
  });

  it('serves a due timer between two jobs that each hold the loop', async () => {
    const turns = new LoopTurns();
    const events: string[] = [];
    let timer: Promise<void> = Promise.resolve();
    // four jobs of 5 ms each, queued in one go as the requests a poll phase reads from 4 sockets; the first sets a
    // timer due 1 ms later, which without turns would wait for the three others (15 ms)
    const jobs = ['a', 'b', 'c', 'd'].map((name) =>
      turns.turn().then(() => {
        if (name === 'a')
          timer = new Promise((resolve) => setTimeout(() => resolve(void events.push('timer')), 1));
        busy(5);
        events.push(name);
      }),
    );
    await Promise.all(jobs);
    await timer;
    expect(events).toEqual(['a', 'timer', 'b', 'c', 'd']);
  });
});

describe('loopTurns middleware', () => {
  it('answers every request, in arrival order, with the handler’s own answer', async () => {
    const app = new Hono();
    const started: number[] = [];
    app.use('*', loopTurns());
    app.get('/n/:i', (c) => {
      started.push(Number(c.req.param('i')));
      return c.json({ i: Number(c.req.param('i')) }, 201);
    });
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => {
        const r = await app.request(`/n/${i}`);
        return [r.status, await r.json()];
      }),
    );
    expect(answers).toEqual([0, 1, 2, 3, 4].map((i) => [201, { i }]));
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });
});
