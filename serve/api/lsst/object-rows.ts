/**
 * The shape shared by LSST `/api/v1/objects`, `/sources` and `/fp`: rows of one table for a list of diaObjects
 * (`diaObjectId`), a `columns` selection checked against the table's columns, any output format.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { LsstBlockTable } from '../../../data/index.js';
import { MJD_MATCH_DAYS, readRowsOfObjects } from '../../../data/queries/lsst/index.js';
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
}

/** The app of one such endpoint, mounted at its path. */
export function objectRowsApp(reader: LsstStoreReader, spec: ObjectRowsSpec): Hono {
  const app = new Hono();
  const options: EndpointOptions = { prepare: (raw, c) => withExactIntegers(c, raw, ['diaObjectId']) };
  const handler = endpointHandler(spec.schema, options, async (c, args) => {
    const ids = diaObjectIds(args.diaObjectId);
    const snapshot = reader.snapshot();
    const table = snapshot.tables[spec.table];
    const selection = parseColumnSelection(args.columns, [], lsstColumnCatalogue([table], spec.path));
    const names = selection.names ?? servedColumns(table);
    const atMjd = ('midpointMjdTai' in args ? args.midpointMjdTai : undefined) ?? null;
    // one block per part holding each diaObject
    const blocks = LsstStoreReader.blocksOf(snapshot);
    const rows = readRowsOfObjects(blocks, spec.table, table, spec.key, ids, names, atMjd);
    return respondTable(c, rows, args['output-format'], `${spec.table}_${ids[0] ?? 'none'}`, {
      columns: names,
      fields: lsstFieldLookup([table]),
      float32Columns: float32Columns([table]),
    });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
