/**
 * The portal's only way to data: the public REST API (`/api/v1/...`), so that everything shown can also be
 * scripted. Errors carry the API's own message (`{"status":"error","text":...}`).
 */

/** An alert or object row as the API returns it (`i:`, `d:`, `v:`, `b:` fields). */
export type ApiRow = Record<string, unknown>;

/** An API answer that is not a success: its HTTP status and the API's message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(text);
    this.name = 'ApiRequestError';
  }
}

/**
 * Arguments of an API call: `undefined` and `''` are left out; `null` is sent empty (`key=`), for an argument
 * whose empty value means something (statistics' `date=`: every night).
 */
export type ApiArgs = Record<string, string | number | boolean | null | undefined>;

/** The path of an endpoint: a name (`objects`) under `/api/v1/`, or a full path (`/lsst/api/v1/objects`). */
function endpointPath(endpoint: string): string {
  return endpoint.startsWith('/') ? endpoint : `/api/v1/${endpoint}`;
}

/**
 * Encodes API arguments as a query string (see {@link ApiArgs}).
 * @param endpoint a name of the default store's API (`objects`), or a full path of another store's
 *   (`/lsst/api/v1/objects`, lib/stores.ts `storeEndpoint`).
 */
export function apiUrl(endpoint: string, args: ApiArgs = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (value === null) search.set(key, '');
    else if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return `${endpointPath(endpoint)}${text ? `?${text}` : ''}`;
}

async function failure(response: Response): Promise<ApiRequestError> {
  let text = `${response.status} ${response.statusText}`;
  try {
    const body = (await response.json()) as { text?: unknown };
    if (typeof body.text === 'string') text = body.text;
  } catch {
    // not a JSON error body: keep the status line
  }
  return new ApiRequestError(response.status, text);
}

/** GETs a JSON answer of the API. */
export async function getJson<T = ApiRow[]>(
  endpoint: string,
  args: ApiArgs = {},
  signal?: AbortSignal,
): Promise<T> {
  const response = await fetch(apiUrl(endpoint, args), { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

/** POSTs a form (multipart when it holds files) and reads a JSON answer. */
export async function postForm<T = ApiRow[]>(
  endpoint: string,
  form: FormData,
  signal?: AbortSignal,
): Promise<T> {
  const response = await fetch(endpointPath(endpoint), { method: 'POST', body: form, signal });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as T;
}

/** GETs a binary answer (images, parquet). */
export async function getBlob(endpoint: string, args: ApiArgs, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(apiUrl(endpoint, args), { signal });
  if (!response.ok) throw await failure(response);
  return response.blob();
}
