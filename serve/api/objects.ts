/** `/api/v1/objects`: every valid alert of one or several objects (docs/references.md#api-objects). */
import { Hono } from 'hono';
import { z } from 'zod';
import { HAS_CUTOUTS_FIELD } from '../../data/index.js';
import type { LocatedAlertText } from '../../data/queries/index.js';
import { STAMP_KINDS, type StampKind } from '../../data/queries/index.js';
import { toApiRow } from '../alert-rows.js';
import { alertTextsJson, colourRateTexts } from '../alert-texts.js';
import {
  booleanArg,
  endpointHandler,
  objectIdList,
  outputFormatArg,
  parseColumnSelection,
  stampKindArg,
} from '../args/index.js';
import { addStampArrays } from '../cutout-arrays.js';
import { addAlertFields, addColourRateFields } from '../derived-fields.js';
import { respondJsonBytes, respondTable } from '../encode/index.js';
import { objectReads } from '../object-reads.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader, StoreSnapshot } from '../store-reader.js';

/** Most objects (ids or prefixes) in one request. */
export const MAX_OBJECT_IDS = 1000;

const schema = z.object({
  objectId: z
    .string({ message: 'a value for objectId is required (a ZTF object id or a comma list of them)' })
    .meta({
      description: 'ZTF object id, a comma-separated list of ids, or an id prefix',
      examples: ['ZTF21abfmbix'],
    }),
  withupperlim: booleanArg
    .optional()
    .default(false)
    .meta({ description: 'Also return upper limits and bad-quality points, tagged in d:tag' }),
  withcutouts: booleanArg.optional().default(false).meta({
    description:
      'Add the 63×63 stamps of each alert as 2-D arrays in b:cutout<Kind>_stampData (row 0 = FITS row 1, NaN as null)',
  }),
  'cutout-kind': stampKindArg
    .optional()
    .meta({ description: 'With withcutouts: Science, Template or Difference (default: all three)' }),
  columns: z
    .string()
    .optional()
    .meta({
      description:
        'Comma-separated field names to return (unknown names are ignored; no v: fields then); * = every ' +
        `column. ${HAS_CUTOUTS_FIELD}, only when named here, says for each alert whether the store holds its stamps`,
    }),
  'output-format': outputFormatArg,
});

/** The objects endpoint's entry in the API index and OpenAPI (docs/references.md#api-objects). */
export const OBJECTS_ENDPOINT: EndpointDoc = {
  path: '/api/v1/objects',
  methods: ['GET', 'POST'],
  summary: 'All alerts of one or several objects (light curves), most recent first',
  args: schema,
};

function upperlimRow(row: Record<string, unknown>): Record<string, unknown> {
  return {
    'i:objectId': row.objectId,
    'i:candid': -1n,
    'i:jd': row.jd,
    'i:fid': row.fid,
    'i:magpsf': row.magpsf,
    'i:sigmapsf': row.sigmapsf,
    'i:diffmaglim': row.diffmaglim,
    'i:magnr': row.magnr,
    'i:sigmagnr': row.sigmagnr,
    'i:isdiffpos': row.isdiffpos,
    'i:distnr': row.distnr,
    'd:tag': row.tag,
  };
}

/**
 * The answer in full mode as JSON from the alerts' prepared texts (the common request: every field, no upper
 * limits, no cutouts), in the order of the row answers (each object's alerts newest first, then every alert by
 * jd descending, a stable sort).
 */
function preparedAnswer(reader: StoreReader, snapshot: StoreSnapshot, ids: readonly string[]): Buffer {
  let alerts: LocatedAlertText[] = [];
  let colours: string[] = [];
  for (const id of ids) {
    const texts = objectReads(reader, snapshot, id).alertTexts();
    alerts = alerts.concat(texts);
    colours = colours.concat(colourRateTexts(texts));
  }
  const order = alerts.map((_, i) => i).sort((a, b) => alerts[b].jd - alerts[a].jd);
  return alertTextsJson(
    order.map((i) => alerts[i].json),
    order.map((i) => colours[i]),
  );
}

/** The objects endpoint app, mounted at /api/v1/objects. */
export function objectsApp(reader: StoreReader): Hono {
  const app = new Hono();
  const handler = endpointHandler(schema, async (c, args) => {
    const ids = objectIdList(
      args.objectId,
      MAX_OBJECT_IDS,
      'A value for `objectId` is required (a ZTF object id or a comma list of them).',
    );
    const names = parseColumnSelection(args.columns, [HAS_CUTOUTS_FIELD]).names;
    const wanted = names === null ? null : new Set(names);
    const snapshot = reader.snapshot();
    if (args['output-format'] === 'json' && !wanted && !args.withcutouts && !args.withupperlim)
      return respondJsonBytes(c, preparedAnswer(reader, snapshot, ids));
    let rows: Record<string, unknown>[] = [];
    for (const id of ids) {
      const reads = objectReads(reader, snapshot, id);
      const alerts = reads.alerts();
      const apiRows = alerts.map((r) => toApiRow(r, wanted));
      if (!wanted) {
        addAlertFields(
          apiRows,
          alerts.map((r) => (r.classification as string | null) ?? null),
        );
        addColourRateFields(apiRows);
      }
      if (wanted?.has(HAS_CUTOUTS_FIELD)) {
        const withStamps = reads.candidsWithStamps();
        apiRows.forEach((row, i) => {
          row[HAS_CUTOUTS_FIELD] = withStamps.has(alerts[i].i_candid as bigint);
        });
      }
      if (args.withcutouts) {
        const kinds: readonly StampKind[] = args['cutout-kind'] ? [args['cutout-kind']] : STAMP_KINDS;
        addStampArrays(apiRows, kinds, (objectId) => reads.stamps(objectId, 'all', kinds));
      }
      if (args.withupperlim) {
        apiRows.forEach((r) => {
          r['d:tag'] = 'valid';
        });
        const validJd = new Set(alerts.map((r) => r.i_jd as number));
        const extra = reads
          .upperlim()
          .filter((r) => !(r.tag === 'badquality' && validJd.has(r.jd as number)))
          .map(upperlimRow);
        rows = rows.concat(apiRows, extra);
      } else rows = rows.concat(apiRows);
    }
    rows.sort((a, b) => (b['i:jd'] as number) - (a['i:jd'] as number));
    return respondTable(c, rows, args['output-format'], `objects_${ids[0]}`);
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
