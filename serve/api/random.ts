/**
 * `/api/v1/random`: every alert of `n` distinct objects drawn at random, optionally of one class (reference
 * §2.13). The draw ranks objects by a hash of `objectId` and `seed`: the same seed on the same store gives the
 * same objects (the seed used is returned in the `X-Random-Seed` header). Unlike the reference, objects are
 * drawn without replacement, an empty class answers [] at once, and reproducibility does not depend on the
 * clock.
 */
import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { hashSeed, Prng, sampleIndices } from '../../compute/random/index.js';
import { sampleObjects } from '../../data/queries/index.js';
import { ALERT_V_FIELDS, answerColumns, COLOUR_V_FIELDS, toApiAlertRows } from '../alert-rows.js';
import { alertTextsJson, colourRateTexts } from '../alert-texts.js';
import {
  columnsArg,
  countArg,
  endpointHandler,
  outputFormatArg,
  parseColumnSelection,
  withoutEmptyArgs,
} from '../args/index.js';
import { respondJsonBytes, respondTable } from '../encode/index.js';
import { type ObjectReads, objectLocator, objectReads } from '../object-reads.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';
import { latestsClass } from './latests.js';

/** Largest `n` (objects; each comes with its whole light curve). The reference caps at 16. */
export const MAX_RANDOM_OBJECTS = 100;

const V_FIELDS = [...ALERT_V_FIELDS, ...COLOUR_V_FIELDS];
const SEED_TEXT = /^\s*-?\d{1,18}\s*$/;

const schema = z.object({
  n: countArg(MAX_RANDOM_OBJECTS).meta({
    description: `Number of distinct objects, 1 to ${MAX_RANDOM_OBJECTS}; all their alerts are returned`,
    examples: ['3'],
  }),
  class: z
    .string()
    .optional()
    .default('')
    .meta({
      description: 'Draw only objects with an alert of this class (as in /api/v1/latests); empty = any class',
      examples: ['Solar System MPC'],
    }),
  seed: z
    .union([z.number(), z.string()])
    .transform((v, ctx) => {
      if (typeof v === 'number' ? Number.isSafeInteger(v) : SEED_TEXT.test(v))
        return BigInt(String(v).trim());
      ctx.addIssue({ code: 'custom', message: `expected an integer below 10^18, got ${JSON.stringify(v)}` });
      return z.NEVER;
    })
    .optional()
    .meta({
      description:
        'Integer seed (|seed| < 10^18): the same seed on the same data draws the same objects. Default: a random ' +
        'seed, returned in the X-Random-Seed header',
      examples: ['54859'],
    }),
  columns: columnsArg,
  'output-format': outputFormatArg,
});

/** The random endpoint's entry in the API index and OpenAPI. */
export const RANDOM_ENDPOINT: EndpointDoc = {
  path: '/api/v1/random',
  methods: ['GET', 'POST'],
  summary: 'All alerts of n randomly drawn objects (reproducible with seed)',
  args: schema,
};

/** The answer in full mode as JSON from the alerts' prepared texts, with their colour and rate fields. */
function preparedAnswer(reads: readonly ObjectReads[]): Buffer {
  const texts = reads.map((r) => r.alertTexts());
  return alertTextsJson(
    texts.flatMap((t) => t.map((a) => a.json)),
    texts.flatMap((t) => colourRateTexts(t)),
  );
}

/** The random endpoint app, mounted at /api/v1/random. */
export function randomApp(reader: StoreReader): Hono {
  const app = new Hono();
  const handler = endpointHandler(schema, { prepare: (raw) => withoutEmptyArgs(raw) }, async (c, args) => {
    const cls = args.class.trim() === '' ? { kind: 'all' as const } : latestsClass(args.class);
    const selection = parseColumnSelection(args.columns, V_FIELDS);
    const seed = args.seed ?? BigInt(randomInt(2 ** 47));
    const snap = reader.snapshot();
    const catalog = snap.catalog;
    const query = (sql: string, params: Parameters<StoreReader['query']>[1]) => reader.query(sql, params);
    // every object of the store: drawn from the in-memory object index (no scan of the parts); a class: from its
    // class index
    const locator = objectLocator(snap);
    const ids =
      cls.kind === 'all'
        ? sampleIndices(new Prng(hashSeed('random', seed)), args.n, locator.objectCount).map((i) =>
            locator.objectIdAt(i),
          )
        : await sampleObjects(query, reader.layout, catalog, cls, seed, args.n);
    // the objects' alerts from their blocks (no query), in the order drawn, each object's newest first
    const reads = ids.map((id) => objectReads(reader, snap, id, true));
    const res =
      args['output-format'] === 'json' && selection.names === null
        ? respondJsonBytes(c, preparedAnswer(reads))
        : await respondTable(
            c,
            toApiAlertRows(
              reads.flatMap((r) => r.alerts()),
              { selection, colour: true },
            ),
            args['output-format'],
            'random',
            { columns: answerColumns(selection, V_FIELDS) },
          );
    res.headers.set('X-Random-Seed', seed.toString());
    return res;
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
