/**
 * HEAD requests behave as GET without a body (RFC 9110 §9.3.2): Hono routes a HEAD to the GET handlers and drops
 * the body, but the request keeps its HEAD method, which handlers read to tell a query string from a POST body
 * (serve/args/request.ts) and a bare GET from a call (the argument listing). This middleware makes the request
 * a GET for them, so the status and headers of a HEAD are those of the GET.
 */
import type { MiddlewareHandler } from 'hono';

/** Middleware presenting a HEAD request to the handlers as the GET it stands for. */
export function headAsGet(): MiddlewareHandler {
  return (c, next) => {
    if (c.req.method === 'HEAD') c.req.raw = new Request(c.req.raw, { method: 'GET' });
    return next();
  };
}
