/**
 * `skyalert ssoft build` on an LSST store (simulated Rubin alerts, ingested and published by the LSST path): the
 * same command builds the LSST tables (HG and HG1G2 per Rubin band, and the bulk light-curve table), one row per
 * object with enough detections, under its designation; objects with fewer are counted and left out. The
 * expected objects and counts come from the simulated Avro files read with avsc, not from the store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runSsoft } from '../../bin/commands/ssoft.js';
import { sqlPathLiteral } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { runSimulateLsst } from '../../ingest/simulate/index.js';
import { readContainer, sub } from '../simulate/lsst-support.js';
import { tempStore, testLog } from '../support/store.js';

const MIN = 3;
const layout = tempStore('skyalert-lsst-ssoft-cli-');
const input = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-lsst-ssoft-sim-'));
/** Detections per designation in the simulated files. */
const counts = new Map<string, number>();

async function rowsOf(file: string, sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    return (await conn.runAndReadAll(sql.replace('$FILE', sqlPathLiteral(file)))).getRowObjectsJS();
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

beforeAll(async () => {
  const sim = await runSimulateLsst({
    outDir: input,
    nights: 6,
    alertsPerNight: 150,
    seed: 5,
    startNight: 20260310,
    noStamps: true,
    log: testLog,
  });
  for (const f of sim.files) {
    for (const r of (await readContainer(f)).records) {
      if (!r.ssSource) continue;
      const d = sub(r, 'ssSource').designation as string;
      counts.set(d, (counts.get(d) ?? 0) + 1);
    }
  }
  await ingestFiles(layout, [...sim.files], { ingesterId: 't', log: testLog, publish: true });
}, 240_000);
afterEach(() => vi.restoreAllMocks());
afterAll(() => {
  fs.rmSync(layout.root, { recursive: true, force: true });
  fs.rmSync(input, { recursive: true, force: true });
});

describe('skyalert ssoft on an LSST store', () => {
  it('refuses the flavours an LSST table does not have', async () => {
    await expect(runSsoft({ store: layout.root, flavor: 'SHG1G2' }, ['build'], testLog)).rejects.toThrow(
      /--flavor takes HG, HG1G2/,
    );
  });

  it('builds the HG and HG1G2 tables and the bulk table, one row per object with enough detections', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => lines.push(text));
    expect(
      await runSsoft(
        { store: layout.root, version: '2026.03', 'min-detections': String(MIN) },
        ['build'],
        testLog,
      ),
    ).toBe(0);
    const enough = [...counts].filter(([, n]) => n >= MIN);
    expect(enough.length).toBeGreaterThan(0);
    expect(counts.size).toBeGreaterThan(enough.length);
    expect(lines[0]).toMatch(
      new RegExp(
        `^ssoft 2026\\.03: ${enough.length} objects \\(fits converged: HG \\d+, HG1G2 \\d+\\);.* ${counts.size - enough.length} with too few`,
      ),
    );
    for (const flavor of ['HG', 'HG1G2']) {
      const rows = await rowsOf(
        layout.ssoftFile(flavor, '2026.03'),
        'SELECT designation, n_obs, version FROM read_parquet($FILE) ORDER BY designation',
      );
      expect(rows.map((r) => [r.designation, Number(r.n_obs)])).toEqual(
        enough.sort(([a], [b]) => (a < b ? -1 : 1)),
      );
      expect(rows.every((r) => r.version === '2026.03')).toBe(true);
    }
    const bulk = await rowsOf(
      layout.ssobulkFile('2026.03'),
      'SELECT designation, len(cra) AS n, len(cmagpsf) AS m FROM read_parquet($FILE)',
    );
    expect(new Map(bulk.map((r) => [r.designation, Number(r.n)]))).toEqual(counts);
    expect(bulk.every((r) => r.n === r.m)).toBe(true);
    expect(fs.existsSync(layout.ssoftFile('SHG1G2', '2026.03'))).toBe(false);
  });
});
