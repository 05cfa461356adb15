/**
 * Prometheus metrics of the server (`GET /metrics`, text format 0.0.4, prom-client): requests by route pattern
 * and status, latency histograms by route pattern, the process (prom-client's default metrics: event-loop
 * delay, memory, CPU, GC, handles), and the store as this server sees it: the catalog version it serves and its
 * age, the last publication, what the operator's store probe reports (nights staged and not published,
 * quarantined messages by reason), and the store's heavy-request threads (serve/heavy/). docs/operations.md lists
 * them.
 *
 * A value that is not known (no catalog published, no publication recorded, a store probe that failed) is NaN.
 *
 * Route labels are the matched route patterns (`/api/v1/objects`, `/api/v1/docs/:name`), never the request's
 * path: a path that matches no route is counted as `unmatched`, so the label set stays bounded.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { requestClusterMetrics } from './cluster-metrics.js';
import type { HeavyPool } from './heavy/index.js';
import type { StoreReader } from './store-reader.js';

/** What the store holds beyond the catalog, read by the entry point (the server does not read staging). */
export interface StoreProbeResult {
  readonly unpublishedNights: number;
  /** Quarantined messages by reason kind (a bounded set of labels). */
  readonly quarantined: readonly { readonly reason: string; readonly messages: number }[];
}

/** Reads the store's state for a scrape; the metrics cache its result for {@link PROBE_TTL_MS}. */
export type StoreProbe = () => StoreProbeResult;

/** Longest reuse of a probe result: scrapes of several workers, or close together, read the store once. */
export const PROBE_TTL_MS = 15_000;

/** Latency buckets (s): from a point lookup (~2 ms) to the heavy requests' time budget. */
const LATENCY_BUCKETS_S = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Methods kept as labels; any other is counted as `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']);

/**
 * The route pattern that answered a request: the first matched route registered for a method (not a
 * middleware), `/*` for the portal's pages, `unmatched` when no route answered (a 404, a CORS preflight).
 */
export function routeLabel(c: Context): string {
  const routes = matchedRoutes(c);
  const handler = routes.find((r) => r.method !== 'ALL' && r.path !== '/*');
  if (handler) return handler.path;
  if (c.res.status !== 404 && routes.some((r) => r.method !== 'ALL')) return '/*';
  return 'unmatched';
}

/** The metrics of one server process (one registry). */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'route'>;
  private probed: { at: number; result: StoreProbeResult | null } | null = null;

  /**
   * @param probe reads the store's staging and quarantine (the entry point gives it; none: those metrics absent).
   * @param clustered this process is a worker of `serve --workers N`: its registry answers the primary's
   *   aggregation (serve/cluster-metrics.ts).
   * @param heavy the threads answering this store's heavy endpoints (none: those metrics are absent).
   */
  constructor(
    reader: Pick<StoreReader, 'current'>,
    private readonly probe: StoreProbe | null = null,
    private readonly clustered = false,
    heavy: Pick<HeavyPool, 'answered' | 'threads'> | null = null,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'skyalert_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'skyalert_http_request_duration_seconds',
      help: 'Time from a request to its response headers, by route pattern (s).',
      labelNames: ['route'],
      buckets: LATENCY_BUCKETS_S,
      registers,
    });
    // every worker serves the same store: the lowest version any of them serves, its oldest age
    new Gauge({
      name: 'skyalert_catalog_version',
      help: 'Catalog version served (0: nothing published).',
      registers,
      aggregator: 'min',
      collect() {
        this.set(reader.current().version);
      },
    });
    new Gauge({
      name: 'skyalert_catalog_age_seconds',
      help: 'Seconds since the catalog version served was published.',
      registers,
      aggregator: 'max',
      collect() {
        const at = Date.parse(reader.current().publishedAt);
        if (Number.isFinite(at)) this.set((Date.now() - at) / 1000);
        else this.set(Number.NaN);
      },
    });
    new Gauge({
      name: 'skyalert_catalog_parts',
      help: 'Parts in the catalog version served.',
      registers,
      aggregator: 'min',
      collect() {
        this.set(reader.current().parts.length);
      },
    });
    new Gauge({
      name: 'skyalert_last_publication_timestamp_seconds',
      help: 'Start of the last publication of nights (Unix time, s), from the catalog served.',
      registers,
      aggregator: 'max',
      collect() {
        const last = reader.current().lastPublication;
        if (last) this.set(Date.parse(last.startedAt) / 1000);
        else this.set(Number.NaN);
      },
    });
    new Gauge({
      name: 'skyalert_last_publication_duration_seconds',
      help: 'Duration of the last publication of nights (s), from the catalog served.',
      registers,
      aggregator: 'max',
      collect() {
        const last = reader.current().lastPublication;
        if (last) this.set(last.durationSeconds);
        else this.set(Number.NaN);
      },
    });
    if (probe) {
      const self = this;
      new Gauge({
        name: 'skyalert_nights_unpublished',
        help: 'Nights staged and not published (never, or staged again since).',
        registers,
        aggregator: 'max',
        collect() {
          const probed = self.probeResult();
          if (probed) this.set(probed.unpublishedNights);
          else this.set(Number.NaN);
        },
      });
      new Gauge({
        name: 'skyalert_quarantined_messages',
        help: "Messages in the store's quarantine, by reason kind.",
        labelNames: ['reason'],
        registers,
        aggregator: 'max',
        collect() {
          this.reset();
          for (const { reason, messages } of self.probeResult()?.quarantined ?? [])
            this.set({ reason }, messages);
        },
      });
    }
    if (heavy) {
      new Gauge({
        name: 'skyalert_heavy_threads',
        help: "Threads answering this store's heavy requests (xmatch, skymap), each with its own reader.",
        registers,
        collect() {
          this.set(heavy.threads);
        },
      });
      new Counter({
        name: 'skyalert_heavy_requests_total',
        help: "Requests this store's heavy-request threads answered (any status; not those stopped over budget).",
        registers,
        collect() {
          this.reset();
          this.inc(heavy.answered);
        },
      });
    }
    if (clustered) {
      // the primary asks each worker for its registry (prom-client's cluster messages) and adds them up
      new AggregatorRegistry();
      AggregatorRegistry.setRegistries([this.registry]);
    }
  }

  /** The exposition text: this process's metrics, or every worker's when clustered. */
  text(): Promise<string> {
    return this.clustered ? requestClusterMetrics() : this.registry.metrics();
  }

  /**
   * The probe's result, read again when older than PROBE_TTL_MS; null when it failed (e.g. a folder not
   * readable): its gauges are then NaN (the quarantine's absent), and the other metrics still answer.
   */
  private probeResult(): StoreProbeResult | null {
    const now = Date.now();
    if (!this.probed || now - this.probed.at > PROBE_TTL_MS) {
      let result: StoreProbeResult | null = null;
      try {
        result = this.probe?.() ?? null;
      } catch {
        result = null;
      }
      this.probed = { at: now, result };
    }
    return this.probed.result;
  }

  /** Middleware counting each request and timing it, by route pattern. */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const started = performance.now();
      const method = METHODS.has(c.req.method) ? c.req.method : 'other';
      try {
        await next();
      } finally {
        const route = routeLabel(c);
        this.requests.inc({ method, route, status: String(c.res.status) });
        this.latency.observe({ route }, (performance.now() - started) / 1000);
      }
    };
  }
}
