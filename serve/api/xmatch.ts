/**
 * `/api/v1/xmatch`: cross-match of a user catalogue with the objects of the store (docs/references.md#api-xmatch). The
 * catalogue is CSV text in `catalog` (as the reference) or an uploaded CSV, VOTable or parquet file; `header`
 * names its RA, Dec, ID and optional Time columns. Each catalogue row is matched with the alerts within `radius`
 * (and within `window` days of its Time, or between startdate and stopdate): by default the latest such alert of
 * each object, with `alerts=all` every one. Output: the catalogue's columns, then the alert's fields, then
 * `v:separation_degree`; rows without a match are dropped (as the reference) unless `unmatched=keep`.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { PositionIndex } from '../../compute/sky/index.js';
import { type CatalogueMatch, findCatalogueMatches, TooManyMatchesError } from '../../data/queries/index.js';
import { readReferencedAlerts } from '../alert-ref-reads.js';
import { ALERT_V_FIELDS, answerColumns, toApiAlertRows } from '../alert-rows.js';
import {
  dateArg,
  type EndpointOptions,
  endpointHandler,
  MAX_RADIUS_ARCSEC,
  MAX_UPLOAD_BYTES,
  outputFormatArg,
  parseColumnSelection,
  positiveDaysArg,
  radiusArg,
  uploadLimit,
  withoutEmptyArgs,
} from '../args/index.js';
import { respondTable } from '../encode/index.js';
import { ApiError } from '../errors.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';
import {
  type Catalogue,
  cataloguePositions,
  MAX_CATALOGUE_ROWS,
  parseHeaderArg,
  readCatalogue,
} from '../xmatch/index.js';

/** Days around each row's Time when a Time column is named and `window` is not given (reference doc). */
export const DEFAULT_WINDOW_DAYS = 1;
/** Most rows of an answer (matches, plus unmatched rows when kept). */
export const MAX_XMATCH_ROWS = 500_000;
/**
 * Most cells (rows × columns) of an answer, checked from the match count before the answer is built: 5,000,000
 * cells are about 120 MB of JSON (24 bytes a cell on simulated alerts, measured).
 */
export const MAX_XMATCH_CELLS = 5_000_000;

const SEPARATION_FIELD = 'v:separation_degree';
const XMATCH_V_FIELDS = [...ALERT_V_FIELDS, SEPARATION_FIELD];

const schema = z.object({
  catalog: z
    .string()
    .optional()
    .meta({
      description:
        'The catalogue as CSV text, first line the column names (as the reference). Or upload a file instead: ' +
        'multipart/form-data part `file` (CSV, VOTable TABLEDATA or parquet, recognised by content), or the whole ' +
        `body as application/octet-stream with the arguments in the query string. At most ${MAX_CATALOGUE_ROWS.toLocaleString('en-US')} rows and ${MAX_UPLOAD_BYTES / 2 ** 20} MiB`,
      examples: ['RA,Dec,ID\n193.822,2.897,mysource'],
    }),
  header: z.string({ message: 'required: the RA, Dec, ID (and Time) column names, e.g. RA,Dec,ID' }).meta({
    description:
      'Names of the RA, Dec, ID and optional Time columns, in that order, comma-separated (case-insensitive). ' +
      'RA/Dec in decimal degrees or sexagesimal; Time as ISO UTC, JD or MJD',
    examples: ['RA,Dec,ID'],
  }),
  radius: radiusArg.meta({
    description: `Match radius in arcseconds, at most ${MAX_RADIUS_ARCSEC.toLocaleString('en-US')}`,
    examples: ['1.5'],
  }),
  window: positiveDaysArg.optional().meta({
    description:
      `Days around each row's Time: alerts with |i:jd − Time| ≤ window match (needs a Time column; default ` +
      `${DEFAULT_WINDOW_DAYS} when one is named)`,
  }),
  startdate: dateArg
    .optional()
    .meta({ description: 'Alerts emitted from this date on (ISO UTC, JD or MJD), for every row' }),
  stopdate: dateArg
    .optional()
    .meta({ description: 'Alerts emitted up to this date (ISO UTC, JD or MJD), for every row' }),
  alerts: z.enum(['latest', 'all'], { message: 'expected latest or all' }).optional().default('latest').meta({
    description:
      'latest: the latest matching alert of each object per catalogue row; all: every matching alert',
  }),
  unmatched: z.enum(['drop', 'keep'], { message: 'expected drop or keep' }).optional().default('drop').meta({
    description:
      'drop: only matched rows (as the reference); keep: also catalogue rows without a match (empty alert fields)',
  }),
  columns: z.string().optional().meta({
    description:
      'Comma-separated alert field names (unknown names ignored); catalogue columns always come first',
  }),
  'output-format': outputFormatArg,
});

/** The file part of an upload. */
const UPLOAD = { field: 'file', description: 'The catalogue: CSV, VOTable (TABLEDATA) or parquet' };

/** The xmatch endpoint's entry in the API index and OpenAPI (docs/references.md#api-xmatch). */
export const XMATCH_ENDPOINT: EndpointDoc = {
  path: '/api/v1/xmatch',
  methods: ['GET', 'POST'],
  summary:
    'Cross-match of a user catalogue (CSV text or a CSV, VOTable or parquet file) with the objects of the store',
  args: schema,
  upload: UPLOAD,
};

type XmatchArgs = z.infer<typeof schema>;

type Row = Record<string, unknown>;

/** Per-row and global time windows of the arguments. */
function matchWindows(args: XmatchArgs, timeJd: Float64Array | null) {
  if (args.window !== undefined && timeJd === null)
    throw new ApiError(
      400,
      "`window` counts days around each row's Time: name a Time column as the 4th entry of `header`, or use startdate/stopdate.",
    );
  let rowStartJd: Float64Array | null = null;
  let rowStopJd: Float64Array | null = null;
  if (timeJd !== null) {
    const days = args.window ?? DEFAULT_WINDOW_DAYS;
    rowStartJd = timeJd.map((t) => t - days);
    rowStopJd = timeJd.map((t) => t + days);
  }
  const { startdate, stopdate } = args;
  if (startdate !== undefined && stopdate !== undefined && stopdate < startdate)
    throw new ApiError(400, '`stopdate` is before `startdate`.');
  const global =
    startdate === undefined && stopdate === undefined
      ? null
      : { startJd: startdate ?? Number.NEGATIVE_INFINITY, stopJd: stopdate ?? Number.POSITIVE_INFINITY };
  return { rowStartJd, rowStopJd, global };
}

/** Matches in answer order: by catalogue row, then nearest first, then most recent first. */
function answerOrder(matches: readonly CatalogueMatch[]): CatalogueMatch[] {
  return [...matches].sort((a, b) => a.row - b.row || a.separationDeg - b.separationDeg || b.jd - a.jd);
}

/** Output names of the catalogue's columns: their own, with `_catalogue` appended where an alert field has it. */
function catalogueNames(catalogue: Catalogue, alertNames: ReadonlySet<string>): string[] {
  return catalogue.columns.map((c) => (alertNames.has(c) || c === SEPARATION_FIELD ? `${c}_catalogue` : c));
}

/** The xmatch endpoint app, mounted at /api/v1/xmatch. */
export function xmatchApp(reader: StoreReader): Hono {
  const app = new Hono();
  app.use('/', uploadLimit());
  const options: EndpointOptions = { upload: UPLOAD, prepare: (raw) => withoutEmptyArgs(raw) };
  const handler = endpointHandler(schema, options, async (c, args, file) => {
    const roles = parseHeaderArg(args.header);
    const catalogue = await readCatalogue(args.catalog, file?.bytes ?? null, reader);
    const positions = cataloguePositions(catalogue, roles);
    const index = new PositionIndex(positions.raDeg, positions.decDeg, args.radius);
    const selection = parseColumnSelection(args.columns, XMATCH_V_FIELDS);
    const alertColumns = answerColumns(selection, XMATCH_V_FIELDS);
    const names = catalogueNames(catalogue, new Set(alertColumns));
    // the answer's size is known from its row count: refused before it is built (and the scan stopped early)
    const columnCount = names.length + alertColumns.length;
    const maxRows = Math.min(MAX_XMATCH_ROWS, Math.floor(MAX_XMATCH_CELLS / columnCount));
    const tooMany = (rows: number | null) => {
      const max = maxRows.toLocaleString('en-US');
      return new ApiError(
        400,
        `The cross-match gives ${rows === null ? `more than ${max}` : rows.toLocaleString('en-US')} rows of ` +
          `${columnCount} columns; one answer holds at most ${max} rows of that many columns ` +
          `(${MAX_XMATCH_ROWS.toLocaleString('en-US')} rows and ${MAX_XMATCH_CELLS.toLocaleString('en-US')} cells, ` +
          'rows × columns): name fewer fields in `columns`, use a smaller radius, a time window, alerts=latest, ' +
          'or split the catalogue.',
      );
    };
    let matches: CatalogueMatch[];
    try {
      matches = findCatalogueMatches(
        reader.layout,
        reader.current(),
        reader.skyBlocks(),
        index,
        matchWindows(args, positions.timeJd),
        args.alerts === 'latest',
        maxRows,
      );
    } catch (err) {
      if (err instanceof TooManyMatchesError) throw tooMany(null);
      throw err;
    }
    const kept = answerOrder(matches);
    const matchedRows = new Set(kept.map((m) => m.row));
    const total = kept.length + (args.unmatched === 'keep' ? catalogue.rows.length - matchedRows.size : 0);
    if (total > maxRows) throw tooMany(total);

    const refs = [...new Map(kept.map((m) => [m.candid, m])).values()];
    const stored = await readReferencedAlerts(reader, refs, selection.stored);
    const alertRows = toApiAlertRows(stored, { selection, colour: false });
    const alertByCandid = new Map<bigint, Row>(stored.map((s, i) => [s.i_candid as bigint, alertRows[i]]));

    // Rows are built by assignment: spreading a 150-field alert row into a new object takes the slow
    // dictionary path in V8 (25 times slower on 10,000 rows, measured).
    const catalogueRow = (r: number): Row => {
      const row: Row = {};
      for (let i = 0; i < names.length; i++) row[names[i]] = catalogue.rows[r][i];
      return row;
    };
    const out: Row[] = [];
    let next = 0;
    for (let r = 0; r < catalogue.rows.length; r++) {
      const start = next;
      while (next < kept.length && kept[next].row === r) {
        const m = kept[next++];
        const alert = alertByCandid.get(m.candid);
        if (alert === undefined) continue; // published away between the scan and the read
        const row = catalogueRow(r);
        for (const key in alert) row[key] = alert[key];
        row[SEPARATION_FIELD] = m.separationDeg;
        out.push(row);
      }
      if (next === start && args.unmatched === 'keep') out.push(catalogueRow(r));
    }
    return respondTable(c, out, args['output-format'], 'xmatch', { columns: [...names, ...alertColumns] });
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
