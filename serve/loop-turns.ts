/**
 * One request started per turn of the event loop (issue 27 §2: event-loop delay p99 ≤ 50 ms under 50
 * connections). Node reads every socket that became readable in one poll phase and runs each request's handler
 * there, synchronously up to its first real wait: under 50 connections one turn ran ~50 handlers back to back
 * (20-200 ms measured on the bench store), and every timer (heavy-request budgets, catalog polling, the
 * event-loop probe) and every `/health` waited for all of them. Here the API requests wait in a first-in
 * first-out queue and are started one per turn, from the check phase (setImmediate): a turn holds the loop for
 * one handler's synchronous part, and the timers and sockets are served between two handlers. A request that
 * awaits (a DuckDB query, a worker thread) frees its turn at once: this bounds no concurrency, only how much
 * synchronous work runs between two looks at the timers and sockets. The cost is one setImmediate per request
 * (microseconds); an idle server starts a request in the turn it arrives in.
 */
import type { MiddlewareHandler } from 'hono';

/** Starts queued jobs one per turn of the event loop, in arrival order. */
export class LoopTurns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  /** Resolves in a later phase of the loop, when it is this caller's turn (after every earlier caller's). */
  turn(): Promise<void> {
    return new Promise((start) => {
      this.waiting.push(start);
      this.schedule();
    });
  }

  /** Callers waiting for their turn. */
  get queued(): number {
    return this.waiting.length;
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    // an immediate set from the check phase runs in the next turn, after the timers and the poll phase
    setImmediate(() => {
      this.scheduled = false;
      this.waiting.shift()?.();
      this.schedule();
    });
  }
}

/** The turns of this process: every store's application (serve/store-prefixes.ts) waits in the same queue. */
const PROCESS_TURNS = new LoopTurns();

/** Middleware starting each request's handler in its turn ({@link LoopTurns}; default: the process's queue). */
export function loopTurns(turns: LoopTurns = PROCESS_TURNS): MiddlewareHandler {
  return async (_c, next) => {
    await turns.turn();
    await next();
  };
}
