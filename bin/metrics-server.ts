/**
 * A small HTTP server answering `GET /metrics` with a prom-client registry (the Kafka ingester's
 * `--metrics-port`); every other path is a 404. Resolves once it listens; rejects when it cannot.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

export function startMetricsServer(
  registry: Registry,
  port: number,
  host = '0.0.0.0',
): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics.\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) =>
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`${(err as Error).message}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(`cannot listen on ${host}:${port} for metrics: ${err.code ?? err.message}`, { cause: err }),
      ),
    );
    server.listen(port, host, () => {
      server.unref();
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
