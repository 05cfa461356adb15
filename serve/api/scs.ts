/**
 * `/vo/scs`: an IVOA Simple Cone Search 1.03 service over the objects of the store, so that TOPCAT, Aladin and
 * pyvo query Sky-alert as any VO cone search. `RA`, `DEC` and `SR` are decimal degrees (ICRS); parameter names
 * are case-insensitive. The answer is a VOTable with one row per object (its latest alert within the cone),
 * nearest first; `VERB` 1, 2 (default) or 3 chooses how many columns. Errors are VOTables too, with HTTP 200 as
 * the standard asks: an INFO `QUERY_STATUS` = ERROR (DALI) and an INFO `Error` (SCS 1.03).
 *
 * Reference: IVOA Simple Cone Search 1.03 (2008-02-22) §2 (query), §3 (response, UCD1 ID_MAIN, POS_EQ_RA_MAIN,
 * POS_EQ_DEC_MAIN), §3.3 (errors); IVOA DALI 1.1 §4.4 (QUERY_STATUS, OVERFLOW).
 */
import { Hono } from 'hono';
import { findConeHits } from '../../data/queries/index.js';
import { readReferencedAlertsInOrder } from '../alert-ref-reads.js';
import { MAX_RADIUS_ARCSEC } from '../args/index.js';
import type { CellKind, TableColumn } from '../encode/index.js';
import { encodeVotable, xmlEscape } from '../encode/index.js';
import type { StoreReader } from '../store-reader.js';

/** Largest search radius (degrees): 5°, as the API's cone searches. */
export const MAX_SCS_SR_DEG = MAX_RADIUS_ARCSEC / 3600;
/** Most objects in one answer; more are cut with QUERY_STATUS = OVERFLOW. */
export const MAX_SCS_ROWS = 10_000;

type Row = Record<string, unknown>;

/** One column of the answer and how a stored row gives its value. */
interface ScsColumn {
  readonly column: TableColumn;
  readonly value: (row: Row) => unknown;
  /** Smallest VERB that includes the column. */
  readonly verb: 1 | 2 | 3;
}

/** A column of the answer: SCS names, UCD1 for the three the standard requires, UCD1+ for the others. */
function scsColumn(
  name: string,
  kind: CellKind,
  ucd: string,
  unit: string,
  doc: string,
  value: (row: Row) => unknown,
  verb: 1 | 2 | 3,
): ScsColumn {
  const isJdUtc = name === 'jd' || name === 'jdstarthist';
  return {
    column: { name, kind, unit, ucd, doc, isJdUtc, arrayDepth: 1, innerLength: null },
    value,
    verb,
  };
}

const COLUMNS: readonly ScsColumn[] = [
  scsColumn('objectId', 'string', 'ID_MAIN', '', 'Object identifier', (r) => r.i_objectId, 1),
  scsColumn(
    'ra',
    'double',
    'POS_EQ_RA_MAIN',
    'deg',
    'Right ascension (ICRS) of the latest alert',
    (r) => r.i_ra,
    1,
  ),
  scsColumn(
    'dec',
    'double',
    'POS_EQ_DEC_MAIN',
    'deg',
    'Declination (ICRS) of the latest alert',
    (r) => r.i_dec,
    1,
  ),
  scsColumn(
    'separation',
    'double',
    'pos.angDistance',
    'deg',
    'Distance from the cone centre',
    (r) => r.separation,
    2,
  ),
  scsColumn('jd', 'double', 'time.epoch', 'd', 'Julian date (UTC) of the latest alert', (r) => r.i_jd, 2),
  scsColumn(
    'magpsf',
    'double',
    'phot.mag',
    'mag',
    'Difference-image PSF magnitude of the latest alert',
    (r) => r.i_magpsf,
    2,
  ),
  scsColumn('fid', 'int', 'instr.filter', '', 'Filter of the latest alert: 1 g, 2 r, 3 i', (r) => r.i_fid, 2),
  scsColumn(
    'classification',
    'string',
    'src.class',
    '',
    'Classification of the latest alert',
    (r) => r.classification,
    2,
  ),
  scsColumn('candid', 'long', 'meta.id', '', 'Candidate id of the latest alert', (r) => r.i_candid, 3),
  scsColumn(
    'sigmapsf',
    'double',
    'stat.error;phot.mag',
    'mag',
    'Uncertainty of magpsf',
    (r) => r.i_sigmapsf,
    3,
  ),
  scsColumn(
    'jdstarthist',
    'double',
    'time.epoch;obs',
    'd',
    'Julian date (UTC) of the first detection of the object',
    (r) => r.i_jdstarthist,
    3,
  ),
];

/** A VOTable error answer (HTTP 200, as SCS asks). */
export function scsError(message: string): string {
  const text = xmlEscape(message);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<VOTABLE version="1.4" xmlns="http://www.ivoa.net/xml/VOTable/v1.3">',
    ' <RESOURCE type="results">',
    `  <INFO name="QUERY_STATUS" value="ERROR">${text}</INFO>`,
    `  <INFO ID="Error" name="Error" value="${text}"/>`,
    ' </RESOURCE>',
    '</VOTABLE>',
    '',
  ].join('\n');
}

/** The cone of a query, or the message of what is wrong with it. */
type ScsQuery = { raDeg: number; decDeg: number; srDeg: number; verb: 1 | 2 | 3 } | { error: string };

/** Reads RA, DEC, SR and VERB (names case-insensitive, decimal degrees). */
export function parseScsQuery(params: Readonly<Record<string, string>>): ScsQuery {
  const byName = new Map(Object.entries(params).map(([k, v]) => [k.toUpperCase(), v.trim()]));
  const number = (name: string): number | string => {
    const text = byName.get(name);
    if (text === undefined || text === '') return `${name} is required (decimal degrees)`;
    const n = Number(text);
    return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) && Number.isFinite(n)
      ? n
      : `${name} must be a number of decimal degrees, got ${JSON.stringify(text)}`;
  };
  const [ra, dec, sr] = [number('RA'), number('DEC'), number('SR')];
  for (const v of [ra, dec, sr]) if (typeof v === 'string') return { error: v };
  const [raDeg, decDeg, srDeg] = [ra, dec, sr] as number[];
  if (raDeg < 0 || raDeg > 360) return { error: `RA must be between 0 and 360 degrees, got ${raDeg}` };
  if (decDeg < -90 || decDeg > 90) return { error: `DEC must be between -90 and 90 degrees, got ${decDeg}` };
  if (srDeg < 0 || srDeg > MAX_SCS_SR_DEG)
    return { error: `SR must be between 0 and ${MAX_SCS_SR_DEG} degrees, got ${srDeg}` };
  const verbText = byName.get('VERB') ?? '2';
  if (!/^[123]$/.test(verbText)) return { error: `VERB must be 1, 2 or 3, got ${JSON.stringify(verbText)}` };
  return { raDeg: raDeg % 360, decDeg, srDeg, verb: Number(verbText) as 1 | 2 | 3 };
}

/** The VOTable of an answer (stored rows with their `separation`), columns chosen by VERB. */
export function scsTable(rows: readonly Row[], verb: 1 | 2 | 3, overflow: boolean): string {
  const columns = COLUMNS.filter((c) => c.verb <= verb);
  const table = rows.map((r) => Object.fromEntries(columns.map((c) => [c.column.name, c.value(r)])));
  return encodeVotable(
    table,
    columns.map((c) => c.column),
    'scs',
    overflow ? 'OVERFLOW' : 'OK',
  );
}

const VOTABLE_TYPE = 'text/xml; charset=utf-8';

/** The cone search app, mounted at /vo/scs. */
export function scsApp(reader: StoreReader): Hono {
  const app = new Hono();
  app.get('/', async (c) => {
    const query = parseScsQuery(c.req.query());
    if ('error' in query) return c.body(scsError(query.error), 200, { 'content-type': VOTABLE_TYPE });
    const hits = findConeHits(
      reader.layout,
      reader.current(),
      {
        raDeg: query.raDeg,
        decDeg: query.decDeg,
        radiusDeg: query.srDeg,
        window: null,
        timeField: 'any',
        limit: MAX_SCS_ROWS + 1,
      },
      reader.skyBlocks(),
    );
    const overflow = hits.length > MAX_SCS_ROWS;
    const kept = hits.slice(0, MAX_SCS_ROWS);
    const separation = new Map(kept.map((h) => [h.candid, h.separationDeg]));
    const rows = (await readReferencedAlertsInOrder(reader, kept, [])).map((r) => ({
      ...r,
      separation: separation.get(r.i_candid as bigint),
    }));
    return c.body(scsTable(rows, query.verb, overflow), 200, { 'content-type': VOTABLE_TYPE });
  });
  return app;
}
