/**
 * The shape shared by LSST `/api/v1/objects`, `/sources` and `/fp`: rows of one table for a list of diaObjects
 * (`diaObjectId`), a `columns` selection checked against the table's columns, any output format. `/sources` adds
 * `v:hasCutouts` when `columns` names it (whether the store holds the diaSource's three stamps; ours, not Fink's,
 * so the full answer stays Fink's).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { HAS_CUTOUTS_FIELD, type LsstBlockTable } from '../../../data/index.js';
import {
  findLsstSourcesWithStamps,
  MJD_MATCH_DAYS,
  readRowsOfObjects,
} from '../../../data/queries/lsst/index.js';
import {
  columnsArg,
  type EndpointOptions,
  endpointHandler,
  numberArg,
  outputFormatArg,
  parseColumnSelection,
  withExactIntegers,
} from '../../args/index.js';
import { respondTable } from '../../encode/index.js';
import {
  diaObjectIdArg,
  diaObjectIds,
  float32Columns,
  lsstColumnCatalogue,
  lsstFieldLookup,
  servedColumns,
} from '../../lsst-fields.js';
import { LsstStoreReader } from '../../lsst-store-reader.js';

/** The arguments of `/objects` and `/fp`. */
export const OBJECT_ROWS_ARGS = {
  diaObjectId: diaObjectIdArg,
  columns: columnsArg,
  'output-format': outputFormatArg,
};

/** `midpointMjdTai` of `/sources`. */
export const MIDPOINT_ARG = numberArg((mjd) => mjd > 0, 'a positive MJD (TAI)')
  .optional()
  .meta({
    description:
      `Only the diaSource(s) at this exposure midpoint (MJD TAI, matched within ${MJD_MATCH_DAYS} d), for every ` +
      'id of the list',
    examples: ['61041.22124337929'],
    unit: 'd',
  });

const objectRowsSchema = z.object(OBJECT_ROWS_ARGS);
const timedRowsSchema = z.object({ ...OBJECT_ROWS_ARGS, midpointMjdTai: MIDPOINT_ARG });

/** What differs between the endpoints. */
export interface ObjectRowsSpec {
  /** Its path, e.g. `/api/v1/sources`. */
  readonly path: string;
  readonly table: LsstBlockTable;
  /** The column a row is unique on (across parts). */
  readonly key: string;
  readonly schema: typeof objectRowsSchema | typeof timedRowsSchema;
  /** True for `/sources`: `v:hasCutouts` may be named in `columns`. */
  readonly hasCutouts?: boolean;
}

/**
 * `rows` (each with `key`, the diaSourceId) as rows of `names`, `v:hasCutouts` true when the store holds the
 * diaSource's three stamps.
 */
async function withHasCutouts(
  reader: LsstStoreReader,
  rows: readonly Record<string, unknown>[],
  key: string,
  names: readonly string[],
): Promise<Record<string, unknown>[]> {
  const held = await findLsstSourcesWithStamps(
    (sql, params) => reader.query(sql, params),
    reader.snapshot().tables.cutouts,
    rows.map((r) => BigInt(r[key] as bigint)),
  );
  return rows.map((r) =>
    Object.fromEntries(names.map((n) => [n, n === HAS_CUTOUTS_FIELD ? held.has(String(r[key])) : r[n]])),
  );
}

/** The app of one such endpoint, mounted at its path. */
export function objectRowsApp(reader: LsstStoreReader, spec: ObjectRowsSpec): Hono {
  const app = new Hono();
  const options: EndpointOptions = { prepare: (raw, c) => withExactIntegers(c, raw, ['diaObjectId']) };
  const handler = endpointHandler(spec.schema, options, async (c, args) => {
    const ids = diaObjectIds(args.diaObjectId);
    const snapshot = reader.snapshot();
    const table = snapshot.tables[spec.table];
    const derived = spec.hasCutouts ? [HAS_CUTOUTS_FIELD] : [];
    const selection = parseColumnSelection(args.columns, derived, lsstColumnCatalogue([table], spec.path));
    const names = selection.names ?? servedColumns(table);
    const stamps = names.includes(HAS_CUTOUTS_FIELD);
    const stored = names.filter((n) => n !== HAS_CUTOUTS_FIELD);
    const read = stamps && !stored.includes(spec.key) ? [...stored, spec.key] : stored;
    const atMjd = ('midpointMjdTai' in args ? args.midpointMjdTai : undefined) ?? null;
    // one block per part holding each diaObject
    const blocks = LsstStoreReader.blocksOf(snapshot);
    const found = readRowsOfObjects(blocks, spec.table, table, spec.key, ids, read, atMjd);
    const rows = stamps ? await withHasCutouts(reader, found, spec.key, names) : found;
    return respondTable(c, rows, args['output-format'], `${spec.table}_${ids[0] ?? 'none'}`, {
      columns: names,
      fields: lsstFieldLookup([table]),
      float32Columns: float32Columns([table]),
    });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
