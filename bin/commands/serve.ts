/** `skyalert serve`: the read-only HTTP API on a store. */
import type { Logger } from 'pino';
import { StoreLayout } from '../../data/store-layout.js';
import { startServer } from '../../serve/server.js';
import { resolveStoreDir } from '../store-option.js';
import { UsageError } from './publish.js';

export const SERVE_HELP = `Usage: skyalert serve --store DIR [--port P] [--host H]

Serves the published store read-only: the REST API under /api/v1 (and /health). New nights appear
without a restart.

Options:
  --store DIR   store directory (default: $SKYALERT_STORE, then ./skyalert-store)
  --port P      TCP port (default: $PORT, then 8080)
  --host H      address to listen on (default: 0.0.0.0)
  --help        this text
`;

export interface ServeArgs {
  store?: string;
  port?: string;
  host?: string;
}

export function parsePort(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be 0-65535: ${text}`);
  return port;
}

/** Starts the server and keeps running until SIGINT/SIGTERM. */
export async function runServe(args: ServeArgs, log: Logger): Promise<number> {
  const layout = new StoreLayout(resolveStoreDir(args.store));
  const port = parsePort(args.port ?? process.env.PORT, 8080);
  const server = await startServer(layout, { port, host: args.host, log });
  console.log(`Sky-alert API serving ${layout.root} at ${server.url}/api/v1/`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      server.close().then(resolve, resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
