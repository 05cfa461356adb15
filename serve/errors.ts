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
