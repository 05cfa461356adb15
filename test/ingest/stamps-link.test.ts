/**
 * A night staged by one ingester is published with its staging stamps file hard-linked as the part's
 * `stamps.bin` (no copy). Alerts staged into that night afterwards must not change the published file: the
 * staging side gets a copy of its own first. Real raw alerts (one night, 2020-01-01), real DuckDB and parquet.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { type PartEntry, partFilePath, readCatalog, STAMPS_FILE } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { publishNight, stagingFilesOf } from '../../ingest/publish/publish-night.js';
import { stampsFileOf } from '../../ingest/stage/index.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const NIGHT = 20200101;
const DIR = () => testDataPath('ztf_raw_avro', 'fink-broker_basic_alerts_2020-01-01');

function sha256(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Science stamp bytes of every alert of a part, by candid, read through its cutouts index. */
async function scienceStamps(layout: StoreLayout, part: PartEntry): Promise<Map<bigint, Buffer>> {
  const refs = await sql(
    `SELECT i_candid, stamp_offset, stamp_science_len FROM read_parquet('${partFilePath(layout, part.id, 'cutouts')}')`,
  );
  const fd = fs.openSync(path.join(layout.partDir(part.id), STAMPS_FILE), 'r');
  try {
    return new Map(
      refs.map((r) => {
        const bytes = Buffer.alloc(Number(r.stamp_science_len));
        fs.readSync(fd, bytes, 0, bytes.length, Number(r.stamp_offset));
        return [r.i_candid as bigint, bytes];
      }),
    );
  } finally {
    fs.closeSync(fd);
  }
}

describe('stamps of a night published by hard link', () => {
  const layout = tempStore();
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));
  const files = fs
    .readdirSync(DIR())
    .filter((f) => f.endsWith('.avro'))
    .sort()
    .map((f) => path.join(DIR(), f));

  it('links the staging stamps, and later staging into the night leaves the published file unchanged', async () => {
    expect(files).toHaveLength(50);
    const first = await ingestFiles(layout, files.slice(0, 30), { ingesterId: 'a', log: testLog });
    expect(first.nights).toEqual([NIGHT]);
    await publishNight(layout, NIGHT, testLog);
    const partA = readCatalog(layout).parts.find((p) => p.nights.includes(NIGHT))!;
    const publishedA = path.join(layout.partDir(partA.id), STAMPS_FILE);
    const [staging] = stagingFilesOf(layout, NIGHT);
    expect(fs.statSync(publishedA).ino).toBe(fs.statSync(stampsFileOf(staging)).ino);
    const before = { size: fs.statSync(publishedA).size, hash: sha256(publishedA) };
    const stampsA = await scienceStamps(layout, partA);
    expect(stampsA.size).toBeGreaterThan(0);
    for (const bytes of stampsA.values()) expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    const second = await ingestFiles(layout, files.slice(30), { ingesterId: 'a', log: testLog });
    expect(second.staged).toBe(20);
    expect(fs.statSync(stampsFileOf(staging)).ino).not.toBe(fs.statSync(publishedA).ino);
    expect(fs.statSync(stampsFileOf(staging)).size).toBeGreaterThan(before.size);
    expect({ size: fs.statSync(publishedA).size, hash: sha256(publishedA) }).toEqual(before);

    await publishNight(layout, NIGHT, testLog);
    const partB = readCatalog(layout).parts.find((p) => p.nights.includes(NIGHT))!;
    expect(partB.id).not.toBe(partA.id);
    const stampsB = await scienceStamps(layout, partB);
    expect(stampsB.size).toBeGreaterThan(stampsA.size);
    for (const [candid, bytes] of stampsA) expect(stampsB.get(candid)?.equals(bytes)).toBe(true);
  });

  it('copies the stamps when a night has several staging files', async () => {
    const other = tempStore();
    try {
      await ingestFiles(other, files.slice(0, 25), { ingesterId: 'a', log: testLog });
      await ingestFiles(other, files.slice(25), { ingesterId: 'b', log: testLog });
      expect(stagingFilesOf(other, NIGHT)).toHaveLength(2);
      await publishNight(other, NIGHT, testLog);
      const part = readCatalog(other).parts.find((p) => p.nights.includes(NIGHT))!;
      const published = path.join(other.partDir(part.id), STAMPS_FILE);
      expect(fs.statSync(published).nlink).toBe(1);
      const stamps = await scienceStamps(other, part);
      expect(stamps.size).toBe(part.rows.cutouts);
      for (const bytes of stamps.values()) expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    } finally {
      fs.rmSync(other.root, { recursive: true, force: true });
    }
  });
});
