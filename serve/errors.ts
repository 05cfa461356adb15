import type { ErrorHandler } from 'hono';
import type { Logger } from 'pino';
import { OrbitCatalogueFormatError } from '../data/queries/index.js';

/** The one error type of serve/: a status and a text for the client (`{"status":"error","text":...}`). */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 404 | 413 | 502 | 503,
    readonly text: string,
  ) {
    super(text);
    this.name = 'ApiError';
  }
}

/**
 * The `onError` of an app: an {@link ApiError} as its JSON error answer; an orbit catalogue the operator must
 * load again, 503 with the reason; anything else logged and answered 500 (a bug).
 */
export function answerError(log: Logger): ErrorHandler {
  return (err, c) => {
    if (err instanceof ApiError) return c.json({ status: 'error', text: err.text }, err.status);
    // a store the operator must migrate: not ready, and the text says how
    if (err instanceof OrbitCatalogueFormatError) {
      log.error({ err, path: c.req.path }, 'orbit catalogue to migrate');
      return c.json({ status: 'error', text: err.message }, 503);
    }
    log.error({ err, path: c.req.path }, 'internal error');
    return c.json({ status: 'error', text: 'Internal error; it has been logged.' }, 500);
  };
}
