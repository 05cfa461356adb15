/**
 * Several server processes on one port (node:cluster): the primary forks `workers` processes that each open the
 * store and serve it; connections are spread over them by the primary (round robin). A worker that dies is
 * replaced; SIGINT/SIGTERM stop them all. Each worker keeps its own object index and DuckDB instance, so memory
 * grows with the count (docs/api.md, "Running the server"). `/metrics` on any worker covers them all
 * (serve/cluster-metrics.ts).
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { answerMetricsRequests } from './cluster-metrics.js';

/** Where the workers listen, once all of them do. */
export interface ClusterStarted {
  readonly port: number;
  readonly pids: readonly number[];
  /** Stops every worker (SIGTERM) and resolves when they have exited. */
  close(): Promise<void>;
}

/** Fewer restarts than this within a minute: a worker that keeps dying at start is not restarted forever. */
const MAX_RESTARTS_PER_MINUTE = 10;

/**
 * In the primary process: forks `count` workers running the same command line and resolves when all listen.
 * Rejects when a worker exits before listening (a bad store path, a port in use).
 */
export function startCluster(count: number, log: Logger): Promise<ClusterStarted> {
  const listening = new Map<number, number>();
  const restarts: number[] = [];
  let stopping = false;
  return new Promise((resolve, reject) => {
    let started = false;
    const fork = (): Worker => cluster.fork({ SKYALERT_CLUSTER_WORKER: '1' });
    cluster.on('listening', (worker, address) => {
      listening.set(worker.id, address.port);
      if (started || listening.size < count) return;
      started = true;
      resolve({
        port: address.port,
        pids: Object.values(cluster.workers ?? {}).map((w) => w?.process.pid ?? 0),
        close: () => stopAll(),
      });
    });
    cluster.on('exit', (worker, code, signal) => {
      const wasListening = listening.delete(worker.id);
      if (stopping) return;
      if (!started && !wasListening) {
        stopping = true;
        void stopAll().then(() =>
          reject(new Error(`a server worker exited before listening (code ${code})`)),
        );
        return;
      }
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && restarts[0] < now - 60_000) restarts.shift();
      log.error({ pid: worker.process.pid, code, signal }, 'server worker exited');
      if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
        log.fatal('server workers keep exiting: stopping');
        void stopAll();
        return;
      }
      fork();
    });
    answerMetricsRequests();
    for (let i = 0; i < count; i++) fork();
  });

  function stopAll(): Promise<void> {
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    return Promise.all(
      alive.map(
        (w) =>
          new Promise<void>((done) => {
            if (w.isDead()) return done();
            w.once('exit', () => done());
            w.process.kill('SIGTERM');
          }),
      ),
    ).then(() => undefined);
  }
}

/** True in a process forked by {@link startCluster}. */
export function isClusterWorker(): boolean {
  return cluster.isWorker && process.env.SKYALERT_CLUSTER_WORKER === '1';
}
