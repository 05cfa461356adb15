/**
 * Reads an endpoint's arguments from a GET query string or a POST JSON body (same semantics) and validates them
 * with the endpoint's zod schema, the one that also documents them (serve/args/arg-docs.ts).
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from '../errors.js';
import { type ArgsSchema, argValidation } from './arg-docs.js';

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

/**
 * 400 naming the first argument the schema does not declare (nor as an alias); {@link parseArgs} calls it first.
 */
export function rejectUnknownArgs(schema: ArgsSchema, raw: Record<string, unknown>): void {
  const known = argValidation(schema).schema.shape;
  const unknown = Object.keys(raw).find((name) => !Object.hasOwn(known, name));
  if (unknown === undefined) return;
  throw new ApiError(
    400,
    `Unknown argument \`${unknown.slice(0, 60)}\`: this endpoint takes ${Object.keys(known).join(', ')}. ` +
      'Use GET with no argument to list the arguments.',
  );
}

/**
 * Validates raw arguments; a failure is a 400 naming the argument and what is expected. A name the schema does
 * not declare (nor as an alias) is a 400 naming it, never silently ignored (a misspelt argument would otherwise
 * change the answer without a word). An alias takes the place of its argument when the argument itself is not
 * given; either way it is validated under the name the client used.
 */
export function parseArgs<T extends ArgsSchema>(schema: T, raw: Record<string, unknown>): z.output<T> {
  rejectUnknownArgs(schema, raw);
  const validation = argValidation(schema);
  const result = validation.schema.safeParse(raw);
  if (result.success) {
    if (validation.aliases.length === 0) return result.data as z.output<T>;
    const args: Record<string, unknown> = { ...result.data };
    for (const [name, alias] of validation.aliases) {
      if (raw[name] === undefined && args[alias] !== undefined) args[name] = args[alias];
      delete args[alias];
    }
    return args as z.output<T>;
  }
  const issue = result.error.issues[0];
  const where = issue.path.length > 0 ? `\`${issue.path.join('.')}\`` : 'the arguments';
  throw new ApiError(
    400,
    `Invalid value for ${where}: ${issue.message}. Use GET with no argument to list the arguments.`,
  );
}
