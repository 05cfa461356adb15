/** Starts the HTTP server on a store directory; resolves once it listens. */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Logger } from 'pino';
import type { StoreLayout } from '../data/index.js';
import { createApp } from './app.js';
import { DEFAULT_SETTINGS, type ServeSettings } from './settings.js';
import { StoreReader } from './store-reader.js';

export interface RunningServer {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

export async function startServer(
  layout: StoreLayout,
  options: { port: number; host?: string; log: Logger; settings?: ServeSettings },
): Promise<RunningServer> {
  const reader = await StoreReader.open(layout, options.log.child({ component: 'serve.store' }));
  const app = createApp(
    reader,
    options.log.child({ component: 'serve.http' }),
    options.settings ?? DEFAULT_SETTINGS,
  );
  const host = options.host ?? '0.0.0.0';
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname: host }, (info: AddressInfo) => {
      const url = `http://localhost:${info.port}`;
      resolve({
        port: info.port,
        url,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => {
              reader.close();
              done();
            });
          }),
      });
    });
  });
}
