/**
 * `/api/v1/ssoft` on tables laid out as the monthly job writes them (columns of data/ssoft-columns.ts, sorted by
 * sso_number): versions, flavours, filters in every format, the schema, and the error paths.
 */
import fs from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSOFT_FLAVORS, type SsoftFlavor, ssoftColumns } from '../../data/index.js';
import { type ServedStore, simulatedStore } from '../support/serve-stores.js';
import { readParquet } from '../support/table-readers.js';

const OBJECTS = [
  { ssnamenr: '8467', sso_name: 'Benoitcarry', sso_number: 8467, h: 13.7 },
  { ssnamenr: '33803', sso_name: null, sso_number: 33803, h: 16.3 },
  { ssnamenr: '2010JO69', sso_name: '2010 JO69', sso_number: null, h: 17.1 },
];

/** Writes a table of the flavour's columns: H_1 = h + month offset, other numbers = column index. */
async function writeTable(file: string, flavor: SsoftFlavor, version: string): Promise<void> {
  const columns = ssoftColumns(flavor);
  const sqlType = { str: 'VARCHAR', int: 'BIGINT', double: 'DOUBLE' } as const;
  const lit = (v: unknown) => (v === null ? 'NULL' : typeof v === 'string' ? `'${v}'` : String(v));
  const rows = OBJECTS.map((o) =>
    columns
      .map((c, i) => {
        const value =
          c.name in o
            ? (o as Record<string, unknown>)[c.name]
            : c.name === 'H_1'
              ? o.h + Number(version.slice(5)) / 100
              : c.name === 'version'
                ? version
                : c.type === 'str'
                  ? 'x'
                  : i;
        return `${lit(value)}::${sqlType[c.type]} AS "${c.name}"`;
      })
      .join(', '),
  );
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  await conn.run(
    `COPY (SELECT * FROM (${rows.map((r) => `SELECT ${r}`).join(' UNION ALL ')}) ORDER BY sso_number NULLS LAST)
     TO '${file}' (FORMAT parquet)`,
  );
  conn.closeSync();
  db.closeSync();
}

describe('/api/v1/ssoft', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await simulatedStore();
    fs.mkdirSync(store.layout.ssoftDir, { recursive: true });
    for (const flavor of SSOFT_FLAVORS) {
      for (const version of ['2025.01', '2025.02'])
        await writeTable(store.layout.ssoftFile(flavor, version), flavor, version);
    }
  });
  afterAll(() => store?.close());

  const get = (q: string) => store.app.request(`/api/v1/ssoft?${q}`);

  it('lists its arguments on a bare GET', async () => {
    const res = await store.app.request('/api/v1/ssoft');
    const body = (await res.json()) as { args: { name: string }[] };
    expect(body.args.map((a) => a.name)).toEqual([
      'flavor',
      'version',
      'schema',
      'sso_name',
      'sso_number',
      'output-format',
      'output_format',
    ]);
  });

  it('answers the whole latest table as the parquet file itself', async () => {
    const res = await get('flavor=HG');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apache.parquet');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.compare(bytes, fs.readFileSync(store.layout.ssoftFile('HG', '2025.02')))).toBe(0);
  });

  it('filters one object by number or by name, json by default, in every format', async () => {
    const byNumber = (await (await get('sso_number=8467')).json()) as Record<string, unknown>[];
    expect(byNumber).toHaveLength(1);
    expect(byNumber[0].ssnamenr).toBe('8467');
    expect(byNumber[0].version).toBe('2025.02');
    expect(byNumber[0].H_1).toBeCloseTo(13.72, 10);
    expect(Object.keys(byNumber[0])).toEqual(ssoftColumns('SHG1G2').map((c) => c.name));
    const byName = (await (await get('sso_name=2010%20JO69&version=2025.01')).json()) as Record<
      string,
      unknown
    >[];
    expect(byName.map((r) => [r.ssnamenr, r.version])).toEqual([['2010JO69', '2025.01']]);
    expect(byName[0].H_1).toBeCloseTo(17.11, 10);
    const csv = await (await get('sso_number=33803&output-format=csv&flavor=HG1G2')).text();
    expect(csv.split(/\r?\n/)[0].split(',')).toEqual(ssoftColumns('HG1G2').map((c) => c.name));
    expect(csv.split(/\r?\n/)[1].startsWith('33803,,33803,')).toBe(true);
    const parquet = await readParquet(
      new Uint8Array(await (await get('sso_number=33803&output-format=parquet')).arrayBuffer()),
    );
    expect(parquet.rows.map((r) => r.ssnamenr)).toEqual(['33803']);
    const post = await store.app.request('/api/v1/ssoft', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sso_number: 8467, flavor: 'hg' }),
    });
    expect(((await post.json()) as Record<string, unknown>[])[0].G_1).toBeTypeOf('number');
  });

  it('an unknown object is an empty answer', async () => {
    expect(await (await get('sso_number=84673')).json()).toEqual([]);
    expect(await (await get('sso_name=Rubin')).json()).toEqual([]);
  });

  it('answers the schema of each flavour, GET and POST', async () => {
    for (const flavor of SSOFT_FLAVORS) {
      const schema = (await (await get(`schema=true&flavor=${flavor}`)).json()) as Record<
        string,
        { type: string; description: string }
      >;
      expect(Object.keys(schema)).toEqual(ssoftColumns(flavor).map((c) => c.name));
    }
    // Fink's documentation calls SOCCA `SSHG1G2`: both names answer the SOCCA columns
    const alias = (await (await get('schema=true&flavor=sshg1g2')).json()) as Record<string, unknown>;
    expect(Object.keys(alias)).toEqual(ssoftColumns('SOCCA').map((c) => c.name));
    expect(Object.keys(alias)).toEqual(
      expect.arrayContaining(['period', 'period_chi2red', 'phi0', 'err_period']),
    );
    const post = await store.app.request('/api/v1/ssoft', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ schema: true, flavor: 'SHG1G2' }),
    });
    const schema = (await post.json()) as Record<string, { type: string; unit: string | null }>;
    expect(Object.keys(schema)).toHaveLength(57);
    expect(schema.alpha0).toMatchObject({ type: 'double', unit: 'deg' });
    expect(schema.sso_number.type).toBe('int');
  });

  it('refuses bad arguments with a 400 that says what to send', async () => {
    const cases: [string, RegExp][] = [
      ['version=2025-01', /YYYY\.MM/],
      ['version=../../etc', /YYYY\.MM/],
      ['version=2023.06', /starts on 2023\.07/],
      ['version=2024.12', /built versions: 2025\.01, 2025\.02/],
      ['flavor=SHG3', /HG, HG1G2, SHG1G2, SOCCA, SSHG1G2/],
      ['sso_number=12a', /sso_number/],
      ['output-format=xlsx', /json, csv, parquet, votable/],
    ];
    for (const [q, text] of cases) {
      const res = await get(q);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { text: string }).text, q).toMatch(text);
    }
  });
});
