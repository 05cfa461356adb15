/**
 * Bounds on request bodies, checked before a body is read: from its Content-Length when it has one, else by
 * counting a chunked body as it arrives (hono/body-limit), answering 413 with the JSON error body beyond the
 * bound. Endpoints that take no upload accept {@link MAX_ARGS_BODY_BYTES}; the upload endpoints bound their own
 * bodies (serve/args/upload.ts).
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Largest request body of an endpoint that takes no upload (JSON or form arguments), in bytes: 1 MiB. */
export const MAX_ARGS_BODY_BYTES = 2 ** 20;

/**
 * Middleware answering 413 (JSON error) for a body larger than `maxBytes`. GET and HEAD requests carry no body
 * the handlers read (the Node adapter gives them none) and pass at once: hono/body-limit asks for the body, which
 * makes the adapter build a full Fetch Request (~7 % of a small answer's time under load, issue 27 §2).
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json(
        {
          status: 'error',
          text: `The request body is larger than ${maxBytes / 2 ** 20} MiB, the most this endpoint accepts.`,
        },
        413,
      ),
  });
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next));
}

/**
 * Middleware bounding the bodies of every path to {@link MAX_ARGS_BODY_BYTES}, except the paths under
 * `uploadPaths` (the upload endpoints, which mount their own larger bound).
 */
export function argsBodyLimit(uploadPaths: readonly string[]): MiddlewareHandler {
  const small = limitBody(MAX_ARGS_BODY_BYTES);
  return (c, next) => (uploadPaths.some((p) => c.req.path.startsWith(p)) ? next() : small(c, next));
}
