/**
 * The preamble every endpoint shares (docs/api.md, "Conventions"), written once: read the arguments (GET query,
 * POST JSON or form body, or a multipart upload), answer a bare GET with the argument listing, refuse unknown
 * arguments and validate the rest with the endpoint's zod schema — then call the endpoint's own code with the
 * validated arguments.
 *
 * Usage (the handler declared, then mounted): `const handler = endpointHandler(schema, async (c, args) => …);
 * app.on(['GET', 'POST'], '/', handler);`, with options before the body when the endpoint has some:
 * `endpointHandler(schema, { prepare: (given) => withoutEmptyArgs(given) }, async (c, args) => …)`.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { type ArgsSchema, argListing, type UploadArg } from './arg-docs.js';
import { parseArgs, rawArgs } from './request.js';
import { readUploadRequest, type Upload } from './upload.js';

/** Arguments as the request gave them (names to raw values). */
export type GivenArgs = Record<string, unknown>;

/** What an endpoint adds to the shared preamble. */
export interface EndpointOptions {
  /**
   * Rewrites or checks the given arguments before validation (e.g. `withoutEmptyArgs`, `withExactIntegers`,
   * a check that needs the given names); throws ApiError to refuse them.
   */
  readonly prepare?: (given: GivenArgs, c: Context) => GivenArgs | Promise<GivenArgs>;
  /** The endpoint also takes an uploaded file (multipart part `upload.field`), listed with the arguments. */
  readonly upload?: UploadArg;
}

/** The endpoint's own code: the validated arguments in, a response out; `file` is the upload, if any. */
export type EndpointBody<T extends ArgsSchema> = (
  c: Context,
  args: z.output<T>,
  file: Upload | null,
) => Response | Promise<Response>;

/**
 * A Hono handler running the shared preamble (see the module doc) before `body`; `options` adds an endpoint's
 * preparation of its arguments or its upload.
 * @throws ApiError 400 (from the handler) for an unknown argument, an invalid value or a malformed body.
 */
export function endpointHandler<T extends ArgsSchema>(
  schema: T,
  body: EndpointBody<T>,
): (c: Context) => Promise<Response>;
export function endpointHandler<T extends ArgsSchema>(
  schema: T,
  options: EndpointOptions,
  body: EndpointBody<T>,
): (c: Context) => Promise<Response>;
export function endpointHandler<T extends ArgsSchema>(
  schema: T,
  second: EndpointOptions | EndpointBody<T>,
  third?: EndpointBody<T>,
): (c: Context) => Promise<Response> {
  const [options, body] = typeof second === 'function' ? [{}, second] : [second, third];
  if (body === undefined) throw new TypeError('endpointHandler: the endpoint body is missing');
  const { prepare, upload } = options as EndpointOptions;
  const listing = argListing(schema, upload);
  return async (c) => {
    const { args: raw, file } = upload
      ? await readUploadRequest(c, upload.field)
      : { args: await rawArgs(c), file: null };
    if (c.req.method === 'GET' && Object.keys(raw).length === 0) return c.json(listing);
    const args = parseArgs(schema, prepare ? await prepare(raw, c) : raw);
    return body(c, args, file);
  };
}
