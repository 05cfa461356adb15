/**
 * Staging files written before the later Fink fields (data/fink-later-fields.ts): without those columns, their
 * row documents ending after the earlier columns. Publication reads them as the current shape (the later fields
 * null), and an ingester that opens one rewrites its table in the current shape (docs/store.md, "Staging").
 * The earlier files are made from current ones of raw ZTF alerts, whose later fields are all null: each is one
 * null-branch byte at the end of the document, so dropping the columns and those bytes gives the earlier file.
 */
import fs from 'node:fs';
import { blobValue, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { ALERT_COLUMNS, STAGING_ALERT_COLUMNS } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { publishNight, stagingFilesOf } from '../../ingest/publish/publish-night.js';
import { NightStaging } from '../../ingest/stage/night-staging.js';
import { createApp } from '../../serve/app.js';
import { StoreReader } from '../../serve/store-reader.js';
import { parseJsonExact } from '../support/input-alerts.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const LATER = ALERT_COLUMNS.filter((c) => c.family === 'd').slice(-15);

/** Rewrites a staging file as the earlier catalogue wrote it. */
async function makeEarlier(file: string): Promise<void> {
  const instance = await DuckDBInstance.create(file);
  const conn = await instance.connect();
  try {
    for (const c of LATER) await conn.run(`ALTER TABLE alerts DROP COLUMN "${c.storage}"`);
    const rows = (await conn.runAndReadAll('SELECT i_candid, row_avro FROM alerts')).getRows();
    for (const [candid, doc] of rows) {
      const bytes = (doc as { bytes: Uint8Array }).bytes;
      // the later columns of a raw alert: one null-branch byte each
      expect([...bytes.subarray(bytes.length - LATER.length)]).toEqual(LATER.map(() => 0));
      const earlier = bytes.subarray(0, bytes.length - LATER.length);
      await conn.run('UPDATE alerts SET row_avro = $1 WHERE i_candid = $2::BIGINT', [
        blobValue(Uint8Array.from(earlier)),
        candid as bigint,
      ]);
    }
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

describe('staging files of the earlier catalogue', () => {
  const layout = tempStore();
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it('publish with the later Fink fields null, and are rewritten in the current shape when opened', async () => {
    expect(LATER.map((c) => c.name)).toContain('d:mangrove_HyperLEDA_name');
    expect(LATER.map((c) => c.name).at(-1)).toBe('d:slsn_score');
    const s = await ingestFiles(layout, [testDataPath('ztf_raw_avro/fink-client_datatest')], {
      ingesterId: 't',
      log: testLog,
    });
    const night = 20191127; // ZTF19acihgng
    const [file] = stagingFilesOf(layout, night);
    await makeEarlier(file);
    for (const n of s.nights) await publishNight(layout, n, testLog);
    const reader = await StoreReader.open(layout, testLog);
    try {
      const app = createApp(reader, testLog);
      for (const format of ['json', 'csv'] as const) {
        const res = await app.request(`/api/v1/objects?objectId=ZTF19acihgng&output-format=${format}`);
        expect(res.status).toBe(200);
        if (format === 'json') {
          const [row] = parseJsonExact(await res.text()) as Record<string, unknown>[];
          expect(String(row['i:candid'])).toBe('1060135832015015002');
          for (const c of LATER) expect(row[c.name], c.name).toBeNull();
        } else expect((await res.text()).split('\n')[0]).toContain('d:lc_features_g');
      }
    } finally {
      reader.close();
    }
    // an ingester opening it gets the current columns, in order, the rows kept
    const staging = await NightStaging.open(file);
    await staging.close();
    const instance = await DuckDBInstance.create(file);
    const conn = await instance.connect();
    try {
      const names = (await conn.runAndReadAll("SELECT name FROM pragma_table_info('alerts')")).getRows();
      expect(names.map(([n]) => n)).toEqual(STAGING_ALERT_COLUMNS.map(([n]) => n));
      const [[count]] = (await conn.runAndReadAll('SELECT count(*)::INT FROM alerts')).getRows();
      expect(count).toBeGreaterThan(0);
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  }, 300_000);
});
