/**
 * A local HTTP server standing for GraceDB: it serves one sky map at `/superevents/<event>/bayestar.fits.gz`
 * (404 otherwise) while `SKYALERT_GRACEDB_URL` points at it, for the tests of sky-map downloads by event name.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GRACEDB_URL_ENV } from '../../serve/skymap-input.js';

/**
 * Runs `body` with the stub serving `mapBytes` for `eventName`; the environment variable is removed and the
 * server closed afterwards, whatever happens.
 */
export async function withGraceDbStub<T>(
  eventName: string,
  mapBytes: Uint8Array,
  body: () => Promise<T>,
): Promise<T> {
  const server = http.createServer((req, res) => {
    if (req.url === `/superevents/${eventName}/bayestar.fits.gz`) res.end(Buffer.from(mapBytes));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  process.env[GRACEDB_URL_ENV] = `http://127.0.0.1:${port}/superevents/{event}/bayestar.fits.gz`;
  try {
    return await body();
  } finally {
    delete process.env[GRACEDB_URL_ENV];
    server.close();
  }
}
