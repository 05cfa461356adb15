/**
 * A night whose staging files hold no committed alert (its first batches failed, e.g. on a full disk, after the
 * file was created) has nothing to publish: publication leaves it out, beside nights with alerts in its group,
 * and records its staged content as seen, so that `publish --all` does not list it again. A night directory
 * without any staging file (an ingester killed between creating it and its file) is not a staged night.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_STAGING_SQL, readCatalog, type StoreLayout } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { publishNights, unpublishedNights } from '../../ingest/publish/index.js';
import { publishNight, stagedNights } from '../../ingest/publish/publish-night.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

/** Creates a night's staging file as an ingester whose first batch failed leaves it: with or without tables. */
async function emptyStagingFile(layout: StoreLayout, night: number, withTables: boolean): Promise<void> {
  fs.mkdirSync(layout.stagingNightDir(night), { recursive: true });
  const instance = await DuckDBInstance.create(path.join(layout.stagingNightDir(night), 't1.duckdb'));
  const conn = await instance.connect();
  try {
    if (withTables) for (const statement of CREATE_STAGING_SQL) await conn.run(statement);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

describe('nights with nothing staged', () => {
  const layout = tempStore();
  /** Night of the one real alert staged (its file's only night). */
  let night: number;
  /** Nights of the same month whose staging files hold no alert: one without tables, one with empty ones. */
  const noTables = 20191101;
  const emptyTables = 20191102;
  beforeAll(async () => {
    const raw = testDataPath('ztf_raw_avro', 'fink-client_datatest', 'ZTF19acihgng.avro');
    const ingested = await ingestFiles(layout, [raw], { ingesterId: 't1', log: testLog });
    expect(ingested.staged).toBe(1);
    [night] = ingested.nights;
    expect(Math.floor(night / 100)).toBe(201911);
    await emptyStagingFile(layout, noTables, false);
    await emptyStagingFile(layout, emptyTables, true);
  });
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it('publishes the night with alerts and leaves the empty ones out of the catalog', async () => {
    const { published } = await publishNights(layout, [noTables, emptyTables, night], testLog);
    expect(published.map((r) => r.night)).toEqual([night]);
    expect(published[0].staged).toBe(1);
    const catalog = readCatalog(layout);
    expect(Object.keys(catalog.statistics)).toEqual([String(night)]);
    expect(catalog.parts.flatMap((p) => p.nights)).toEqual([night]);
  });

  it('does not list them as unpublished again, and a single empty night publishes nothing', async () => {
    expect(unpublishedNights(layout, [noTables, emptyTables, night])).toEqual([]);
    const before = readCatalog(layout);
    expect(await publishNight(layout, emptyTables, testLog)).toBeNull();
    expect(readCatalog(layout).parts).toEqual(before.parts);
    expect(readCatalog(layout).statistics).toEqual(before.statistics);
  });

  it('leaves out a night directory a crash left without a staging file: the other nights publish', async () => {
    const crashed = 20191103;
    fs.mkdirSync(layout.stagingNightDir(crashed), { recursive: true });
    expect(stagedNights(layout)).toEqual([noTables, emptyTables, night]);
    expect(unpublishedNights(layout)).toEqual([]);
    // staged again: the night is published, the empty directory does not fail the publication
    fs.rmSync(layout.stagingNightDir(night), { recursive: true, force: true });
    const raw = testDataPath('ztf_raw_avro', 'fink-client_datatest', 'ZTF19acihgng.avro');
    await ingestFiles(layout, [raw], { ingesterId: 't2', log: testLog });
    expect(unpublishedNights(layout)).toEqual([night]);
    const { published } = await publishNights(layout, unpublishedNights(layout), testLog);
    expect(published.map((r) => r.night)).toEqual([night]);
  });
});
