/**
 * `/metrics` of `serve --workers N`: the worker that receives the scrape asks the primary, which gathers every
 * worker's registry (prom-client's AggregatorRegistry, over the cluster's IPC channel) and answers the sum
 * (counters, histograms, memory) or the declared aggregate (catalog version: min; ages: max). So one scrape of
 * the port covers all workers, whichever answers it.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';

const REQUEST = 'skyalert:metrics-request';
const RESPONSE = 'skyalert:metrics-response';
/** Longest wait for the primary's answer (prom-client gives up on a silent worker after 5 s). */
const RESPONSE_TIMEOUT_MS = 8000;

interface MetricsRequest {
  readonly type: typeof REQUEST;
  readonly id: number;
}
interface MetricsResponse {
  readonly type: typeof RESPONSE;
  readonly id: number;
  readonly text?: string;
  readonly error?: string;
}

function isMessage<T extends { type: string }>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

/** In the primary: answers the workers' requests for the aggregated metrics. Call once. */
export function answerMetricsRequests(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<MetricsRequest>(message, REQUEST)) return;
    const reply = (body: Omit<MetricsResponse, 'type' | 'id'>): void => {
      if (worker.isConnected()) worker.send({ type: RESPONSE, id: message.id, ...body });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (err: unknown) => reply({ error: err instanceof Error ? err.message : String(err) }),
    );
  });
}

let nextId = 0;

/** In a worker: the metrics of every worker, aggregated by the primary. */
export function requestClusterMetrics(): Promise<string> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown): void => {
      if (!isMessage<MetricsResponse>(message, RESPONSE) || message.id !== id) return;
      done();
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(`metrics of the workers not gathered: ${message.error ?? 'no answer'}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('metrics of the workers not gathered: the primary did not answer'));
    }, RESPONSE_TIMEOUT_MS);
    const done = (): void => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send?.({ type: REQUEST, id } satisfies MetricsRequest);
  });
}
