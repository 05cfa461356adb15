/**
 * The load series of `bench:api` (issue #27 §2): 50 concurrent clients (autocannon) on explorer by id alone,
 * latests alone, and a mix of the 15 endpoints a portal and its scripts call, each request of the mix drawn at
 * random among them; while each series runs, the server's event-loop delay (perf_hooks.monitorEventLoopDelay,
 * sampled every 10 ms by prom-client and exported by /metrics) is read back from /metrics. Targets: p99 ≤ 250 ms
 * for the mix, ≤ 100 ms for explorer by id, event-loop delay p99 ≤ 50 ms.
 */
import { measureThroughput, type ThroughputSummary } from './api-measure.js';

/** What the requests are aimed at (sampled from the store). */
export interface LoadTargets {
  readonly objectIds: readonly string[];
  /** Alert positions (degrees). */
  readonly positions: readonly (readonly [number, number])[];
  /** The latests class: the most frequent one but Unknown (its text, or allclasses). */
  readonly latestsClass: string;
  /** Solar System object numbers or names seen in the alerts (i:ssnamenr). */
  readonly ssoNames: readonly string[];
  /** Nights of the store (YYYYMMDD). */
  readonly nights: readonly number[];
}

/**
 * The server's event-loop delay over a series (ms). Each sample is the time between two ticks of a 10 ms timer,
 * so an idle loop reads ~10 ms: the figures include that period (a loop held 40 ms reads ~50 ms).
 */
export interface EventLoopDelay {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/** A load series: autocannon's figures and the server's event-loop delay while it ran (null: not exported). */
export interface LoadSummary extends ThroughputSummary {
  readonly eventLoop: EventLoopDelay | null;
}

/**
 * The event-loop delay since the previous call: prom-client's gauges summarise its histogram at each scrape of
 * /metrics, then reset it. Null when /metrics does not export them.
 */
export async function readEventLoopDelay(base: string): Promise<EventLoopDelay | null> {
  const text = await fetch(`${base}/metrics`)
    .then((r) => (r.ok ? r.text() : ''))
    .catch(() => '');
  const gauge = (name: string): number | null => {
    const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
    return m === null ? null : Math.round(Number(m[1]) * 1e5) / 100;
  };
  const p50Ms = gauge('nodejs_eventloop_lag_p50_seconds');
  const p99Ms = gauge('nodejs_eventloop_lag_p99_seconds');
  const maxMs = gauge('nodejs_eventloop_lag_max_seconds');
  return p50Ms === null || p99Ms === null || maxMs === null ? null : { p50Ms, p99Ms, maxMs };
}

/** `YYYYMMDD` as `YYYY-MM-DD`. */
const isoNight = (night: number): string => {
  const t = String(night);
  return `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}`;
};

/**
 * The series of the load run, in order: name and request-path maker.
 *
 * @param random uniform numbers in [0, 1) (seeded by the caller: the same requests at each run).
 */
export function loadSeries(targets: LoadTargets, random: () => number): [string, () => string][] {
  const anyOf = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const id = () => encodeURIComponent(anyOf(targets.objectIds));
  const at = () => anyOf(targets.positions);
  const night = () => anyOf(targets.nights);
  const latests = `/api/v1/latests?class=${encodeURIComponent(targets.latestsClass)}&n=1000`;
  const explorerById = () => `/api/v1/explorer?objectId=${id()}`;
  const mix: (() => string)[] = [
    () => `/api/v1/objects?objectId=${id()}`,
    explorerById,
    () => {
      const [ra, dec] = at();
      return `/api/v1/explorer?ra=${ra}&dec=${dec}&radius=60`;
    },
    () => {
      const [ra, dec] = at();
      return `/api/v1/conesearch?ra=${ra}&dec=${dec}&radius=5`;
    },
    () => latests,
    () => `/api/v1/cutouts?objectId=${id()}&kind=Science`,
    () => `/api/v1/sso?n_or_d=${encodeURIComponent(anyOf(targets.ssoNames))}`,
    () => '/api/v1/ssoft?schema=true',
    () => '/api/v1/classes',
    () => `/api/v1/statistics?date=${night()}`,
    () => '/api/v1/anomaly?n=10',
    () => `/api/v1/tracklet?date=${isoNight(night())}`,
    () => '/api/v1/random?n=10',
    () => '/api/v1/schema',
    // the bench store has no TNS table: a 400 saying so (counted in non2xx), no upstream call
    () => '/api/v1/resolver?resolver=tns&name=SN%202024',
  ];
  return [
    ['explorerById', explorerById],
    ['latests1000', () => latests],
    ['mix15', () => anyOf(mix)()],
  ];
}

/**
 * Runs one series with autocannon and reads the server's event-loop delay over it.
 *
 * @param connections concurrent clients; @param seconds duration of the series.
 */
export async function measureLoad(
  base: string,
  nextPath: () => string,
  connections: number,
  seconds: number,
): Promise<LoadSummary> {
  await readEventLoopDelay(base); // starts the server's histogram afresh
  const throughput = await measureThroughput(base, nextPath, connections, seconds);
  return { ...throughput, eventLoop: await readEventLoopDelay(base) };
}
