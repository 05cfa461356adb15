/**
 * Fink's own test of `/api/v1/ssoft`, run against our server: fink-object-api
 * `apps/routes/v1/ztf/ssoft/test.py` at commit 17051ca (Apache-2.0, AstroLab Software). Each Fink test function is
 * an `it` of the same name and meaning; Fink's client helper `ssoftsearch` (POST with a JSON body, parquet by
 * default, status 200 asserted on every call) is `ssoftsearch` below.
 *
 * Adapted to our data: the tables are written by our SSOFT writer from our fits of fink-science's real light
 * curves of (8467) Benoitcarry and 33803 (`test/data/sso/sso_ztf_lc_aggregated_202504_three_obj.parquet`, the
 * objects Fink's test asks for), as the monthly job would for the current month and for 2023.07. Expected counts
 * come from that fixture (one row per object), the expected version from the clock, the expected columns from
 * Fink's test itself. One deliberate difference (docs/api.md): Fink's `check_sshg1g2` looks for `a_b_00`, a column
 * of an early SSHG1G2 table that Fink's current schema (fink-science `COLUMNS_SOCCA`) names `a_b`; we check `a_b`.
 */
import fs from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SsoftIdentity, ssoftRow } from '../../compute/sso/index.js';
import type { SsoftFlavor } from '../../data/index.js';
import { SsoftTableWriter } from '../../data/jobs/ssoft-writer.js';
import { type ServedStore, simulatedStore } from '../support/serve-stores.js';
import { readCurves } from '../support/sso-curves.js';
import { readParquet } from '../support/table-readers.js';
import { testDataPath } from '../support/test-data.js';

/** Who the fixture's objects are: (8467) Benoitcarry, and 33803, numbered and unnamed (MPC). */
const IDENTITIES: Record<string, SsoftIdentity> = {
  '8467': { ssnamenr: '8467', ssoName: 'Benoitcarry', ssoNumber: 8467 },
  '33803': { ssnamenr: '33803', ssoName: null, ssoNumber: 33803 },
};
/** fink-science's builder keeps objects with at least 50 measurements (`nmin`). */
const NMIN = 50;

function currentDate(): string {
  const now = new Date();
  return `${now.getUTCFullYear()}.${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

type Frame = { columns: string[]; rows: Record<string, unknown>[] };

describe('Fink ssoft/test.py', () => {
  let store: ServedStore;
  let expectedRows: number;
  beforeAll(async () => {
    store = await simulatedStore();
    const curves = await readCurves(testDataPath('sso', 'sso_ztf_lc_aggregated_202504_three_obj.parquet'));
    const kept = [...curves].filter(([, c]) => c.det.jd.length >= NMIN);
    expectedRows = kept.length;
    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    try {
      for (const flavor of ['SHG1G2', 'SOCCA'] as SsoftFlavor[]) {
        const rows = kept.map(([name, c]) => ssoftRow(flavor, IDENTITIES[name], c.det, c.eph, null, ''));
        for (const version of [currentDate(), '2023.07']) {
          const writer = await SsoftTableWriter.open(conn, flavor);
          for (const row of rows) writer.append({ ...row, version });
          await writer.finish(store.layout, version);
        }
      }
    } finally {
      conn.closeSync();
      db.closeSync();
    }
  }, 240_000);
  afterAll(() => store?.close());

  /** Fink's `ssoftsearch`: POST the arguments given, asserting a 200, and read the answer as a table. */
  async function ssoftsearch(args: {
    version?: string;
    flavor?: string;
    sso_number?: string;
    sso_name?: string;
    schema?: boolean;
    output_format?: 'json' | 'csv' | 'parquet';
  }): Promise<Frame> {
    const format = args.output_format ?? 'parquet';
    const payload: Record<string, unknown> = { 'output-format': format };
    for (const key of ['version', 'flavor', 'sso_number', 'sso_name'] as const) {
      if (args[key] !== undefined) payload[key] = args[key];
    }
    if (args.schema !== undefined) payload.schema = true;
    const res = await store.app.request('/api/v1/ssoft', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    if (format === 'parquet' && !args.schema) {
      const table = await readParquet(new Uint8Array(await res.arrayBuffer()));
      return { columns: table.columns.map((c) => c.name), rows: table.rows };
    }
    const body = (await res.json()) as Record<string, unknown>[] | Record<string, unknown>;
    // pandas.read_json of the schema dict gives one column per key
    if (!Array.isArray(body)) return { columns: Object.keys(body), rows: [body] };
    return { columns: body.length > 0 ? Object.keys(body[0]) : [], rows: body };
  }

  it('default_ssoft', async () => {
    const pdf = await ssoftsearch({});
    expect(pdf.rows.length).toBeGreaterThan(0);
    expect(pdf.rows[0].version).toBe(currentDate());
    expect(pdf.columns).toContain('alpha0');
  });

  it('previous_ssoft', async () => {
    const pdf = await ssoftsearch({ version: '2023.07' });
    expect(pdf.rows.length).toBe(expectedRows);
    expect(pdf.rows.length).toBeGreaterThan(0);
  });

  it('test_ids', async () => {
    let pdf = await ssoftsearch({ sso_number: '33803' });
    expect(pdf.rows).toHaveLength(1);
    pdf = await ssoftsearch({ sso_name: 'Benoitcarry' });
    expect(pdf.rows).toHaveLength(1);
  });

  it('test_schema', async () => {
    const pdf = await ssoftsearch({ flavor: 'SHG1G2' });
    const schema = await ssoftsearch({ schema: true, flavor: 'SHG1G2', output_format: 'json' });
    const notInPdf = schema.columns.filter((c) => !pdf.columns.includes(c));
    const notInSchema = pdf.columns.filter((c) => !schema.columns.includes(c));
    expect(notInPdf).toEqual([]);
    expect(notInSchema).toEqual([]);
    expect(new Set(schema.columns)).toEqual(new Set(pdf.columns));
  });

  it('compare_schema', async () => {
    const schema1 = await ssoftsearch({ schema: true, flavor: 'SSHG1G2', output_format: 'json' });
    const res = await store.app.request('/api/v1/ssoft?schema=True&flavor=SSHG1G2');
    expect(res.status).toBe(200);
    const schema2 = (await res.json()) as Record<string, unknown>;
    expect(new Set(schema1.columns)).toEqual(new Set(Object.keys(schema2)));
    // the alias names the SOCCA flavour: its period and shape columns
    expect(Object.keys(schema2)).toEqual(
      expect.arrayContaining(['period', 'period_chi2red', 'a_b', 'a_c', 'phi0']),
    );
  });

  it('check_sshg1g2', async () => {
    const pdf = await ssoftsearch({ flavor: 'SSHG1G2' });
    expect(pdf.columns).toContain('period');
    // Fink's `a_b_00` is `a_b` in its current SOCCA schema (docs/api.md)
    expect(pdf.columns).toContain('a_b');
    expect(pdf.rows).toHaveLength(expectedRows);
    expect(fs.existsSync(store.layout.ssoftFile('SOCCA', currentDate()))).toBe(true);
  });
});
