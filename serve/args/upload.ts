/**
 * Arguments of the endpoints that take a file (`/api/v1/xmatch`, `/api/v1/bayestar`): a multipart/form-data
 * POST (the file in one named part, the other parts as arguments), a raw `application/octet-stream` body (the
 * file; arguments in the query string), or the usual JSON body, form body or query string (no file). The size
 * of the body is bounded by {@link uploadLimit}, mounted before the handler.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../errors.js';
import { limitBody } from './body-limit.js';
import { rawArgs } from './request.js';

/** Largest request body of an upload endpoint (bytes): 64 MiB. */
export const MAX_UPLOAD_BYTES = 64 * 2 ** 20;
/** Most fields (parts) of a multipart or form-encoded body of an upload endpoint, counted before parsing. */
export const MAX_FORM_FIELDS = 100;

/** An uploaded file. */
export interface Upload {
  readonly bytes: Uint8Array;
  /** The file name the client gave (display only; never used as a path). */
  readonly name: string;
}

/** The arguments of a request and its file, if any. */
export interface UploadRequest {
  readonly args: Record<string, unknown>;
  readonly file: Upload | null;
}

/** Middleware answering 413 (JSON error) for a body larger than `maxBytes` (default MAX_UPLOAD_BYTES). */
export function uploadLimit(maxBytes: number = MAX_UPLOAD_BYTES): MiddlewareHandler {
  return limitBody(maxBytes);
}

/**
 * Reads the arguments and the file of a request.
 *
 * @param fileField the multipart part that holds the file.
 * @throws ApiError 400 for a malformed multipart body, a repeated file part or a file part that is text.
 */
export async function readUploadRequest(c: Context, fileField: string): Promise<UploadRequest> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (c.req.method === 'POST' && type.startsWith('multipart/form-data')) {
    checkFormFields(Buffer.from(await c.req.arrayBuffer()), c.req.header('content-type') ?? '');
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ApiError(400, 'The multipart/form-data body could not be read: send a well-formed form.');
    }
    const args: Record<string, unknown> = { ...c.req.query() };
    let file: Upload | null = null;
    for (const [name, value] of form.entries()) {
      if (typeof value !== 'string') {
        if (name !== fileField)
          throw new ApiError(
            400,
            `Unexpected file in the form part \`${name}\`: send the file as \`${fileField}\`.`,
          );
        if (file !== null) throw new ApiError(400, `Send one file in \`${fileField}\`, not several.`);
        file = { bytes: new Uint8Array(await value.arrayBuffer()), name: value.name };
      } else if (name === fileField) {
        throw new ApiError(400, `The form part \`${fileField}\` must be a file upload, not a text field.`);
      } else {
        args[name] = value;
      }
    }
    return { args, file };
  }
  if (c.req.method === 'POST' && type.startsWith('application/octet-stream')) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return { args: { ...c.req.query() }, file: { bytes, name: 'upload' } };
  }
  if (c.req.method === 'POST' && type.startsWith('application/x-www-form-urlencoded'))
    checkFormFields(Buffer.from(await c.req.arrayBuffer()), type);
  return { args: await rawArgs(c), file: null };
}

/**
 * Checks the number of fields of a form body before it is parsed (a multipart body by its boundaries, a
 * form-encoded one by its `&`), counting no further than the bound: microseconds, whatever the body's size.
 * Other bodies pass.
 *
 * @param contentType the request's Content-Type header.
 * @throws ApiError 413 beyond MAX_FORM_FIELDS fields; 400 for a multipart body with no boundary.
 */
export function checkFormFields(body: Buffer, contentType: string): void {
  const type = contentType.toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    if (boundary === null)
      throw new ApiError(400, 'The multipart/form-data body has no boundary in its Content-Type header.');
    checkFieldCount(countOccurrences(body, `--${boundary[1] ?? boundary[2]}`, MAX_FORM_FIELDS + 2) - 1);
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    checkFieldCount(countOccurrences(body, '&', MAX_FORM_FIELDS) + 1);
  }
}

/** 413 when a form has more than {@link MAX_FORM_FIELDS} fields. */
function checkFieldCount(fields: number): void {
  if (fields > MAX_FORM_FIELDS)
    throw new ApiError(
      413,
      `The form has more than ${MAX_FORM_FIELDS} fields, the most this endpoint takes: send the arguments ` +
        'once each, and the file in one part.',
    );
}

/** Occurrences of `text` in `bytes`, counted up to `atMost` (enough to tell a form over the bound). */
function countOccurrences(bytes: Buffer, text: string, atMost: number): number {
  const needle = Buffer.from(text, 'latin1');
  let count = 0;
  for (
    let at = bytes.indexOf(needle);
    at >= 0 && count < atMost;
    at = bytes.indexOf(needle, at + needle.length)
  )
    count++;
  return count;
}
