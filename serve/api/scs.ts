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
import { findConeHits } from '../../data/queries/explorer.js';
import { readReferencedAlertsInOrder } from '../alert-ref-reads.js';
import { MAX_RADIUS_ARCSEC } from '../args/coords.js';
import { JD_TIMESYS_ID, xmlEscape } from '../encode/votable.js';
import type { StoreReader } from '../store-reader.js';

/** Largest search radius (degrees): 5°, as the API's cone searches. */
export const MAX_SCS_SR_DEG = MAX_RADIUS_ARCSEC / 3600;
/** Most objects in one answer; more are cut with QUERY_STATUS = OVERFLOW. */
export const MAX_SCS_ROWS = 10_000;

type Row = Record<string, unknown>;

/** One column of the answer: VOTable attributes and how a row gives its value. */
interface ScsColumn {
  readonly name: string;
  readonly datatype: 'char' | 'double' | 'int' | 'long';
  readonly ucd: string;
  readonly unit?: string;
  readonly isJd?: boolean;
  readonly description: string;
  readonly value: (row: Row) => unknown;
  /** Smallest VERB that includes the column. */
  readonly verb: 1 | 2 | 3;
}

const COLUMNS: readonly ScsColumn[] = [
  {
    name: 'objectId',
    datatype: 'char',
    ucd: 'ID_MAIN',
    description: 'Object identifier',
    value: (r) => r.i_objectId,
    verb: 1,
  },
  {
    name: 'ra',
    datatype: 'double',
    ucd: 'POS_EQ_RA_MAIN',
    unit: 'deg',
    description: 'Right ascension (ICRS) of the latest alert',
    value: (r) => r.i_ra,
    verb: 1,
  },
  {
    name: 'dec',
    datatype: 'double',
    ucd: 'POS_EQ_DEC_MAIN',
    unit: 'deg',
    description: 'Declination (ICRS) of the latest alert',
    value: (r) => r.i_dec,
    verb: 1,
  },
  {
    name: 'separation',
    datatype: 'double',
    ucd: 'pos.angDistance',
    unit: 'deg',
    description: 'Distance from the cone centre',
    value: (r) => r.separation,
    verb: 2,
  },
  {
    name: 'jd',
    datatype: 'double',
    ucd: 'time.epoch',
    unit: 'd',
    isJd: true,
    description: 'Julian date (UTC) of the latest alert',
    value: (r) => r.i_jd,
    verb: 2,
  },
  {
    name: 'magpsf',
    datatype: 'double',
    ucd: 'phot.mag',
    unit: 'mag',
    description: 'Difference-image PSF magnitude of the latest alert',
    value: (r) => r.i_magpsf,
    verb: 2,
  },
  {
    name: 'fid',
    datatype: 'int',
    ucd: 'instr.filter',
    description: 'Filter of the latest alert: 1 g, 2 r, 3 i',
    value: (r) => r.i_fid,
    verb: 2,
  },
  {
    name: 'classification',
    datatype: 'char',
    ucd: 'src.class',
    description: 'Classification of the latest alert',
    value: (r) => r.classification,
    verb: 2,
  },
  {
    name: 'candid',
    datatype: 'long',
    ucd: 'meta.id',
    description: 'Candidate id of the latest alert',
    value: (r) => r.i_candid,
    verb: 3,
  },
  {
    name: 'sigmapsf',
    datatype: 'double',
    ucd: 'stat.error;phot.mag',
    unit: 'mag',
    description: 'Uncertainty of magpsf',
    value: (r) => r.i_sigmapsf,
    verb: 3,
  },
  {
    name: 'jdstarthist',
    datatype: 'double',
    ucd: 'time.epoch;obs',
    unit: 'd',
    isJd: true,
    description: 'Julian date (UTC) of the first detection of the object',
    value: (r) => r.i_jdstarthist,
    verb: 3,
  },
];

const VOTABLE_OPEN = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<VOTABLE version="1.4" xmlns="http://www.ivoa.net/xml/VOTable/v1.3">',
];

/** A VOTable error answer (HTTP 200, as SCS asks). */
export function scsError(message: string): string {
  const text = xmlEscape(message);
  return [
    ...VOTABLE_OPEN,
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

function cellText(value: unknown, column: ScsColumn): string {
  if (value === null || value === undefined) return '<TD/>';
  if (typeof value === 'number' && !Number.isFinite(value)) return '<TD/>';
  return `<TD>${column.datatype === 'char' ? xmlEscape(String(value)) : String(value)}</TD>`;
}

/** The VOTable of an answer. */
export function scsTable(rows: readonly Row[], verb: 1 | 2 | 3, overflow: boolean): string {
  const columns = COLUMNS.filter((c) => c.verb <= verb);
  const out = [...VOTABLE_OPEN];
  if (columns.some((c) => c.isJd))
    out.push(` <TIMESYS ID="${JD_TIMESYS_ID}" timeorigin="0" timescale="UTC" refposition="TOPOCENTER"/>`);
  out.push(' <RESOURCE type="results">');
  out.push(`  <INFO name="QUERY_STATUS" value="${overflow ? 'OVERFLOW' : 'OK'}"/>`);
  out.push(`  <TABLE name="scs" nrows="${rows.length}">`);
  for (const c of columns) {
    let attrs = `name="${c.name}" ID="${c.name}" datatype="${c.datatype}" ucd="${c.ucd}"`;
    if (c.datatype === 'char') attrs += ' arraysize="*"';
    if (c.unit) attrs += ` unit="${c.unit}"`;
    if (c.isJd) attrs += ` ref="${JD_TIMESYS_ID}"`;
    out.push(`   <FIELD ${attrs}><DESCRIPTION>${xmlEscape(c.description)}</DESCRIPTION></FIELD>`);
  }
  out.push('   <DATA><TABLEDATA>');
  for (const row of rows) out.push(`<TR>${columns.map((c) => cellText(c.value(row), c)).join('')}</TR>`);
  out.push('   </TABLEDATA></DATA>', '  </TABLE>', ' </RESOURCE>', '</VOTABLE>', '');
  return out.join('\n');
}

const VOTABLE_TYPE = 'text/xml; charset=utf-8';

/** The cone search app, mounted at /vo/scs. */
export function scsApp(reader: StoreReader): Hono {
  const app = new Hono();
  app.get('/', async (c) => {
    const query = parseScsQuery(c.req.query());
    if ('error' in query) return c.body(scsError(query.error), 200, { 'content-type': VOTABLE_TYPE });
    const hits = await findConeHits(
      (sql, params) => reader.query(sql, params),
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
