import type { ErrorHandler } from 'hono';
import type { Logger } from 'pino';

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
 * The `onError` of an app: an {@link ApiError} as its JSON error answer; anything else logged and answered 500
 * (a bug).
 */
export function answerError(log: Logger): ErrorHandler {
  return (err, c) => {
    if (err instanceof ApiError) return c.json({ status: 'error', text: err.text }, err.status);
    log.error({ err, path: c.req.path }, 'internal error');
    return c.json({ status: 'error', text: 'Internal error; it has been logged.' }, 500);
  };
}
