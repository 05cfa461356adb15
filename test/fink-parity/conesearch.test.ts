/**
 * Fink's conesearch tests against our `/api/v1/conesearch`, on the store built from test/data.
 *
 * Adapted from fink-object-api `apps/routes/v1/ztf/conesearch/test.py` at commit 17051ca
 * (astrolabsoftware/fink-object-api, Apache-2.0; authors: AstroLab Software, Julien Peloton). Every test function
 * of that file is an `it` of the same name with the same assertions' meaning; Fink's objects, positions and dates
 * are replaced by ones of our test data, and every count is derived from the input files (input-oracle.ts), never
 * from our answers. Errors are JSON `{"status":"error","text":...}` with a 4xx status where Fink answers a
 * Python repr (docs/api.md, deliberate differences).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, realStore, type ServedStore } from '../support/serve-stores.js';
import { separationDeg } from '../support/sky-oracle.js';
import { parseCsv, parseVotable, readParquet } from '../support/table-readers.js';
import { jdToIso, type OracleAlert, objectsInCone, readOracleAlerts } from './input-oracle.js';

type Row = Record<string, unknown>;
const PATH = '/api/v1/conesearch';
/** Fink's object ZTF21abfmbix is replaced by ZTF19acihgng (fink-client datatest, 2019-11-27; test/data §1). */
const TARGET = 'ZTF19acihgng';

/**
 * Sexagesimal text of an angle: `h`/`d` units, colons or spaces; `hours` divides by 15 first; a declination
 * (`signed`) starts with its sign.
 */
function sexagesimal(
  deg: number,
  hours: boolean,
  style: 'units' | 'colon' | 'space',
  signed = !hours,
): string {
  const sign = deg < 0 ? '-' : signed ? '+' : '';
  let rest = Math.abs(hours ? deg / 15 : deg);
  const whole = Math.floor(rest);
  rest = (rest - whole) * 60;
  const minutes = Math.floor(rest);
  const seconds = ((rest - minutes) * 60).toFixed(3);
  if (style === 'units') return `${sign}${whole}${hours ? 'h' : 'd'}${minutes}m${seconds}s`;
  const sep = style === 'colon' ? ':' : ' ';
  return `${sign}${String(whole).padStart(2, '0')}${sep}${String(minutes).padStart(2, '0')}${sep}${seconds}`;
}

describe('Fink parity: conesearch/test.py', () => {
  let store: ServedStore;
  let alerts: OracleAlert[];
  let target: OracleAlert;

  /** Fink's `conesearch` helper: POST JSON, 200 asserted, the answer as rows whatever the format. */
  async function conesearch(
    args: {
      ra?: number | string;
      dec?: number | string;
      radius?: number | string;
      startdate?: string;
      window?: string;
      columns?: string;
      output_format?: string;
    } = {},
  ): Promise<{ rows: Row[]; columns: string[] }> {
    const format = args.output_format ?? 'json';
    const payload: Row = {
      ra: args.ra ?? target.raDeg,
      dec: args.dec ?? target.decDeg,
      radius: args.radius ?? '5',
      'output-format': format,
    };
    if (args.startdate !== undefined)
      Object.assign(payload, { startdate: args.startdate, window: args.window });
    if (args.columns !== undefined) payload.columns = args.columns;
    const { res, body } = await call(store.app, PATH, payload as Record<string, string | number>);
    expect(res.status, JSON.stringify(body)).toBe(200);
    if (format === 'json') {
      const rows = body as Row[];
      return { rows, columns: rows.length > 0 ? Object.keys(rows[0]) : [] };
    }
    if (format === 'csv') {
      const [header, ...lines] = parseCsv(await res.text());
      return {
        rows: lines.map((l) => Object.fromEntries(header.map((h, i) => [h, Number(l[i])]))),
        columns: header,
      };
    }
    if (format === 'parquet') {
      const table = await readParquet(new Uint8Array(await res.arrayBuffer()));
      return { rows: table.rows, columns: Object.keys(table.rows[0] ?? {}) };
    }
    const vt = parseVotable(await res.text());
    const rows = vt.rows.map((r) => Object.fromEntries(vt.fields.map((f, i) => [f.ID, Number(r[i])])));
    return { rows, columns: vt.fields.map((f) => f.ID) };
  }

  beforeAll(async () => {
    [store, alerts] = await Promise.all([realStore(), readOracleAlerts()]);
    const found = alerts.find((a) => a.objectId === TARGET);
    if (!found) throw new Error(`${TARGET} is not among the valid input alerts of test/data`);
    target = found;
  });
  afterAll(() => store?.close());

  it('test_simple_conesearch', async () => {
    const radius = 5.0;
    const { rows } = await conesearch({ ra: target.raDeg, dec: target.decDeg, radius });
    // Not empty
    expect(rows.length).toBeGreaterThan(0);
    // One object found (Fink: 1; here: the objects of the input files in that cone, which is 1)
    const expected = objectsInCone(alerts, target.raDeg, target.decDeg, radius);
    expect(expected.size).toBe(1);
    expect(rows).toHaveLength(expected.size);
    // The candidate is found no further away than the radius
    const sep =
      separationDeg(target.raDeg, target.decDeg, rows[0]['i:ra'] as number, rows[0]['i:dec'] as number) *
      3600;
    expect(sep).toBeLessThanOrEqual(radius);
  });

  it('test_conesearch_with_dates', async () => {
    // Fink's two dates bracket the object's first detection; ours bracket ZTF19acihgng's (i:jdstarthist of its
    // input alert): a day ending half a day before it, and a day starting half a day before it.
    const before = jdToIso(target.jdstarthist - 1.5);
    const around = jdToIso(target.jdstarthist - 0.5);
    const pdf1 = (await conesearch({ radius: '5', startdate: before, window: '1' })).rows;
    const pdf2 = (await conesearch({ radius: '5', startdate: around, window: '1' })).rows;
    const window = (iso: string) => {
      const startJd = Date.parse(`${iso.replace(' ', 'T')}Z`) / 86_400_000 + 2440587.5;
      return { startJd, stopJd: startJd + 1 };
    };
    expect(objectsInCone(alerts, target.raDeg, target.decDeg, 5, window(before)).size).toBe(0);
    expect(pdf1).toEqual([]);
    expect(pdf2.length).toBeGreaterThan(0);
    // One object found
    const expected = objectsInCone(alerts, target.raDeg, target.decDeg, 5, window(around));
    expect(expected.size).toBe(1);
    expect(pdf2).toHaveLength(expected.size);
  });

  it('test_conesearch_with_cols', async () => {
    const { rows, columns } = await conesearch({ radius: '5', columns: 'i:objectId' });
    expect(rows.length).toBeGreaterThan(0);
    // i:objectId, plus mandatory i:ra, i:dec, plus computed v:separation_degree
    expect(columns).toHaveLength(4);
    expect([...columns].sort()).toEqual(['i:dec', 'i:objectId', 'i:ra', 'v:separation_degree']);
  });

  it('test_bad_radius_conesearch', async () => {
    // Fink sends `output_format` (underscore): accepted here as another spelling of `output-format`.
    const { res, body } = await call(store.app, PATH, {
      ra: target.raDeg,
      dec: target.decDeg,
      radius: 36000,
      output_format: 'json',
    });
    // Fink: the text "`radius` cannot be bigger than 18,000 arcseconds (5 degrees)." in a Python repr
    expect(res.status).toBe(400);
    const error = body as { status: string; text: string };
    expect(error.status).toBe('error');
    expect(error.text).toContain('`radius`');
    expect(error.text).toMatch(/18,?000/);
  });

  it('test_empty_conesearch', async () => {
    expect(objectsInCone(alerts, 0, 0, 1).size).toBe(0);
    const { rows } = await conesearch({ ra: 0, dec: 0, radius: 1 });
    expect(rows).toEqual([]);
  });

  it('test_coordinates', async () => {
    // Fink's five spellings of one position, written here for ZTF19acihgng's
    const { raDeg, decDeg } = target;
    const pdf1 = (await conesearch({ ra: Number(raDeg.toFixed(6)), dec: Number(decDeg.toFixed(6)) })).rows;
    const others = [
      { ra: sexagesimal(raDeg, false, 'units', false), dec: sexagesimal(decDeg, false, 'units') },
      { ra: sexagesimal(raDeg, true, 'units'), dec: sexagesimal(decDeg, false, 'units') },
      { ra: sexagesimal(raDeg, true, 'space'), dec: sexagesimal(decDeg, false, 'space') },
      { ra: sexagesimal(raDeg, true, 'colon'), dec: sexagesimal(decDeg, false, 'colon').replace('+', '') },
    ];
    const magpsf = pdf1.map((r) => r['i:magpsf']);
    // a float32 written in its shortest form (docs/api.md): equal to the input's float32 value
    expect(magpsf.map((m) => Math.fround(m as number))).toEqual([Math.fround(target.magpsf)]);
    for (const coords of others) {
      const pdf = (await conesearch(coords)).rows;
      expect(
        pdf.map((r) => r['i:magpsf']),
        JSON.stringify(coords),
      ).toEqual(magpsf);
    }
  });

  it('test_bad_request', async () => {
    const { res, body } = await call(store.app, PATH, {
      ra: 'kfdlkj',
      dec: 'lkfdjf',
      radius: 5,
      output_format: 'json',
    });
    // Fink: ValueError("Invalid character at col 0 parsing angle 'kfdlkj'") in a Python repr
    expect(res.status).toBe(400);
    const error = body as { status: string; text: string };
    expect(error.status).toBe('error');
    expect(error.text).toContain('kfdlkj');
  });

  it('test_various_outputs', async () => {
    const pdf1 = await conesearch({ output_format: 'json' });
    expect(pdf1.rows.length).toBeGreaterThan(0);
    for (const fmt of ['csv', 'parquet', 'votable']) {
      const pdf2 = await conesearch({ output_format: fmt });
      // subset of cols to avoid type issues; VOTable field IDs are i_ra, i_dec
      const cols1 = ['i:ra', 'i:dec'];
      const cols2 = fmt !== 'votable' ? cols1 : ['i_ra', 'i_dec'];
      expect(pdf2.rows, fmt).toHaveLength(pdf1.rows.length);
      pdf1.rows.forEach((row, i) => {
        cols1.forEach((c, j) => {
          expect(pdf2.rows[i][cols2[j]] as number, fmt).toBeCloseTo(row[c] as number, 8);
        });
      });
    }
  });
});
