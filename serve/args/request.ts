/**
 * Reads an endpoint's arguments from a GET query string or a POST JSON body (same semantics), validates them
 * with the endpoint's zod schema, and describes the schema for GET-with-no-argument answers.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from '../errors.js';

/** One documented argument (the `{"args": [...]}` answer and OpenAPI). */
export interface ArgDoc {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
  readonly default?: string | number | boolean;
  readonly example?: string;
  /** The accepted values, when they are a fixed list (OpenAPI `enum`). */
  readonly values?: readonly string[];
}

/** Raw arguments of a request: query parameters for GET, the JSON object for POST. */
export async function rawArgs(c: Context): Promise<Record<string, unknown>> {
  if (c.req.method === 'GET') return c.req.query();
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('application/json')) {
    // form-encoded POSTs, as some clients send them
    if (type.includes('application/x-www-form-urlencoded'))
      return Object.fromEntries(await c.req.formData()) as Record<string, unknown>;
  }
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(
      400,
      'The request body is not valid JSON. Send a JSON object of arguments, or use GET with a query string.',
    );
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'The request body must be a JSON object of arguments.');
  }
  return body as Record<string, unknown>;
}

/** Validates raw arguments; a failure is a 400 naming the argument and what is expected. */
export function parseArgs<T extends z.ZodType>(schema: T, raw: Record<string, unknown>): z.infer<T> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue.path.length > 0 ? `\`${issue.path.join('.')}\`` : 'the arguments';
  throw new ApiError(
    400,
    `Invalid value for ${where}: ${issue.message}. Use GET with no argument to list the arguments.`,
  );
}
