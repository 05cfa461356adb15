/**
 * Request bodies of the endpoints that take no upload are bounded to 1 MiB (serve/args/body-limit.ts): beyond it
 * the answer is 413 with the JSON error body, decided from Content-Length before the body is read (the server
 * answers while the client has sent only the headers), or by counting a chunked body. The upload endpoints keep
 * their own larger bound.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ARGS_BODY_BYTES, MAX_UPLOAD_BYTES } from '../../serve/args/index.js';
import { startServer } from '../../serve/index.js';
import { realStoreLayout } from '../support/serve-stores.js';
import { testLog } from '../support/store.js';

type RunningServer = Awaited<ReturnType<typeof startServer>>;

interface Reply {
  readonly status: number;
  readonly body: string;
}

/**
 * POSTs to the server: with `declaredBytes`, a Content-Length of that many bytes and only `body` sent (the rest
 * never comes); without, `body` in chunks (no Content-Length).
 */
function post(server: RunningServer, path: string, body: Buffer, declaredBytes?: number): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (declaredBytes !== undefined) headers['content-length'] = declaredBytes;
    const req = http.request(
      { host: '127.0.0.1', port: server.port, path, method: 'POST', headers },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: text });
          req.destroy();
        });
      },
    );
    req.on('error', (err) => {
      if (!req.destroyed) reject(err);
    });
    if (declaredBytes !== undefined) {
      req.write(body); // the rest of the declared body is never sent
      return;
    }
    for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
    req.end();
  });
}

/** A JSON object of arguments of about `bytes` bytes (one long unknown argument, ignored by validation). */
function jsonOf(bytes: number): Buffer {
  // padded with JSON whitespace: an unknown argument would be a 400 of its own
  const head = '{"objectId":"ZTF19acihgng"';
  return Buffer.from(`${head}${' '.repeat(Math.max(0, bytes - head.length - 1))}}`);
}

describe('request body limits', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(await realStoreLayout('skyalert-body-limit-'), {
      port: 0,
      host: '127.0.0.1',
      log: testLog,
    });
  });
  afterAll(() => server?.close());

  it('answers 413 from Content-Length before the body is read', async () => {
    const reply = await post(server, '/api/v1/objects', Buffer.from('{"objectId":'), 100 * 2 ** 20);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({
      status: 'error',
      text: 'The request body is larger than 1 MiB, the most this endpoint accepts.',
    });
  }, 10_000);

  it('answers 413 for a chunked body beyond 1 MiB', async () => {
    const reply = await post(server, '/api/v1/explorer', jsonOf(MAX_ARGS_BODY_BYTES + 1));
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body).status).toBe('error');
  });

  it('reads a body within 1 MiB as before', async () => {
    const body = jsonOf(MAX_ARGS_BODY_BYTES);
    const chunked = await post(server, '/api/v1/objects', body);
    const sized = await post(server, '/api/v1/objects', body, body.length);
    for (const reply of [chunked, sized]) {
      expect(reply.status).toBe(200);
      const rows = JSON.parse(reply.body) as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r['i:objectId'] === 'ZTF19acihgng')).toBe(true);
    }
  });

  it('leaves the upload endpoints their own larger bound', async () => {
    // a 2 MiB catalogue of one repeated row is read (and judged on its content), not refused for its size
    const row = 'ra,dec,id\n' + '10.0,20.0,a\n'.repeat((2 * 2 ** 20) / 12);
    const reply = await new Promise<Reply>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/api/v1/xmatch?radius=1&ra_col=ra&dec_col=dec&id_col=id',
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream' },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => {
            text += c.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(Buffer.from(row));
    });
    expect(reply.status).not.toBe(413);
    expect(MAX_UPLOAD_BYTES).toBeGreaterThan(2 * 2 ** 20);
    const huge = await post(server, '/api/v1/xmatch', Buffer.from('x'), MAX_UPLOAD_BYTES + 1);
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body).text).toMatch(/larger than 64 MiB/);
  });
});
