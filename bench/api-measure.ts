/**
 * Measurements of the API benchmark: latency of sequential requests (client wall time, and the server's own time
 * from its `Server-Timing: app;dur=` header) and throughput under concurrent clients (autocannon).
 */
import autocannon from 'autocannon';

/** One request of a series: a path with its query string, or a POST with a JSON body. */
export interface BenchRequest {
  readonly path: string;
  readonly body?: Readonly<Record<string, unknown>>;
}

/** Latency of a series of sequential requests (milliseconds). */
export interface LatencySummary {
  readonly available: true;
  readonly requests: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly meanMs: number;
  readonly maxMs: number;
  /** The server's own time (Server-Timing), without the HTTP round trip. */
  readonly serverP50Ms: number | null;
  readonly serverP99Ms: number | null;
  /** Answers that were not 2xx (each is a failure of the run). */
  readonly errors: number;
  readonly statuses: Readonly<Record<string, number>>;
  /** Mean rows of the JSON answers (arrays), or null for other answers. */
  readonly meanRows: number | null;
  readonly meanBytes: number;
}

/** An endpoint that is not mounted (404 on the warm-up request). */
export interface NotAvailable {
  readonly available: false;
  readonly reason: string;
}

/** Nearest-rank percentile of ascending values; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

const round = (ms: number) => Math.round(ms * 100) / 100;

async function send(base: string, req: BenchRequest): Promise<{ res: Response; bytes: Uint8Array }> {
  const res = await fetch(
    `${base}${req.path}`,
    req.body === undefined
      ? undefined
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(req.body) },
  );
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/**
 * Sends `count` requests one after the other (after `warmup` untimed ones) and summarises their latency.
 *
 * @param next the i-th request (i counts from 0 over warm-up and timed requests).
 * @returns NotAvailable when the first warm-up answer is a 404 (endpoint not mounted).
 */
export async function measureSequential(
  base: string,
  next: (i: number) => BenchRequest,
  count: number,
  warmup: number,
): Promise<LatencySummary | NotAvailable> {
  for (let i = 0; i < Math.max(1, warmup); i++) {
    const { res, bytes } = await send(base, next(i));
    if (i === 0 && res.status === 404) {
      const text = new TextDecoder().decode(bytes).slice(0, 200);
      return { available: false, reason: `not available (404: ${text})` };
    }
  }
  const wall: number[] = [];
  const server: number[] = [];
  const statuses: Record<string, number> = {};
  let rows = 0;
  let jsonAnswers = 0;
  let bytesTotal = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const { res, bytes } = await send(base, next(warmup + i));
    wall.push(performance.now() - started);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    bytesTotal += bytes.length;
    const dur = /app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    if (dur) server.push(Number(dur[1]));
    if ((res.headers.get('content-type') ?? '').includes('json') && res.ok) {
      const body: unknown = JSON.parse(new TextDecoder().decode(bytes));
      if (Array.isArray(body)) {
        rows += body.length;
        jsonAnswers++;
      }
    }
  }
  wall.sort((a, b) => a - b);
  server.sort((a, b) => a - b);
  const errors = Object.entries(statuses)
    .filter(([s]) => !s.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    available: true,
    requests: count,
    p50Ms: round(percentile(wall, 50)),
    p99Ms: round(percentile(wall, 99)),
    meanMs: round(wall.reduce((s, v) => s + v, 0) / wall.length),
    maxMs: round(wall[wall.length - 1]),
    serverP50Ms: server.length > 0 ? round(percentile(server, 50)) : null,
    serverP99Ms: server.length > 0 ? round(percentile(server, 99)) : null,
    errors,
    statuses,
    meanRows: jsonAnswers > 0 ? Math.round((rows / jsonAnswers) * 10) / 10 : null,
    meanBytes: Math.round(bytesTotal / count),
  };
}

/** Throughput of concurrent clients. */
export interface ThroughputSummary {
  readonly connections: number;
  readonly seconds: number;
  readonly requests: number;
  readonly requestsPerSecond: number;
  /** Connection errors and timeouts. */
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
}

/**
 * Runs autocannon against `base` for `seconds` with `connections` clients, each request's path drawn by
 * `nextPath` (GET).
 */
export async function measureThroughput(
  base: string,
  nextPath: () => string,
  connections: number,
  seconds: number,
): Promise<ThroughputSummary> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextPath() }) }],
  });
  return {
    connections,
    seconds,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
  };
}
