/**
 * The shared endpoint preamble: a bare GET lists the arguments (the upload part first when there is one), an
 * unknown argument and an invalid value are 400s, GET and POST give the same validated arguments, and an
 * endpoint's preparation runs before validation.
 */
import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerError } from '../errors.js';
import { endpointHandler } from './endpoint-handler.js';

const schema = z.object({
  n: z.coerce
    .number()
    .int()
    .min(1)
    .meta({ description: 'How many', examples: ['3'] }),
  name: z.string().optional().meta({ description: 'A name' }),
});

function appOf(handler: ReturnType<typeof endpointHandler>): Hono {
  const app = new Hono();
  app.onError(answerError(pino({ level: 'silent' })));
  app.on(['GET', 'POST'], '/', handler);
  return app;
}

const echo = appOf(endpointHandler(schema, async (c, args) => c.json(args)));

describe('endpointHandler', () => {
  it('answers a bare GET with the argument listing, a bare POST with validation', async () => {
    const listing = (await (await echo.request('/')).json()) as { args: { name: string }[] };
    expect(listing.args.map((a) => a.name)).toEqual(['n', 'name']);
    const res = await echo.request('/', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { text: string }).text).toMatch(/`n`/);
  });

  it('gives the same validated arguments for GET and POST, and refuses unknown ones', async () => {
    expect(await (await echo.request('/?n=3&name=a')).json()).toEqual({ n: 3, name: 'a' });
    const post = await echo.request('/', {
      method: 'POST',
      body: JSON.stringify({ n: 3, name: 'a' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(await post.json()).toEqual({ n: 3, name: 'a' });
    const unknown = await echo.request('/?n=3&nope=1');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { status: string; text: string }).text).toMatch(/nope/);
    expect((await echo.request('/?n=0')).status).toBe(400);
  });

  it('runs the preparation before validation, and lists an upload part first', async () => {
    const app = appOf(
      endpointHandler(
        schema,
        {
          prepare: (given) => ({ ...given, n: given.n === 'many' ? '9' : given.n }),
          upload: { field: 'file', description: 'A file' },
        },
        async (c, args, file) => c.json({ ...args, file: file?.name ?? null }),
      ),
    );
    expect(await (await app.request('/?n=many')).json()).toEqual({ n: 9, file: null });
    expect((await echo.request('/?n=many')).status).toBe(400);
    const listing = (await (await app.request('/')).json()) as { args: { name: string }[] };
    expect(listing.args.map((a) => a.name)).toEqual(['file', 'n', 'name']);
  });
});
