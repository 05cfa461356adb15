/**
 * Files → staging → publication against real DuckDB files and parquet parts: idempotence on candid,
 * quarantine of bad input, the published tables, republication and atomic catalog switches.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partFilePath, readCatalog, STAMPS_FILE } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { publishNight, stagingFilesOf } from '../../ingest/publish/publish-night.js';
import { readQuarantine } from '../../ingest/stage/quarantine.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const RAW = () => testDataPath('ztf_raw_avro');

describe('ingesting the real raw alerts', () => {
  const layout = tempStore();
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  // 227 alerts, of which two candids appear twice (ci_alerts part-00038/00202 and part-00042/00207).
  it('stages all 225 distinct alerts once, and a second ingestion adds only duplicates', async () => {
    const first = await ingestFiles(layout, [RAW()], { ingesterId: 't1', log: testLog });
    expect(first.read).toBe(227);
    expect(first.staged).toBe(225);
    expect(first.duplicates).toBe(2);
    expect(first.quarantined).toBe(0);
    const again = await ingestFiles(layout, [RAW()], { ingesterId: 't1', log: testLog });
    expect(again.staged).toBe(0);
    expect(again.duplicates).toBe(227);
    const nights = first.nights;
    expect(nights).toContain(20191127);
    let total = 0;
    for (const night of nights) {
      for (const f of stagingFilesOf(layout, night)) {
        const rows = await sql(
          `ATTACH '${f}' AS s (READ_ONLY); SELECT count(*)::INT AS n, count(DISTINCT i_candid)::INT AS d FROM s.alerts`,
        );
        expect(rows[0].n).toBe(rows[0].d);
        total += rows[0].n as number;
      }
    }
    expect(total).toBe(225);
  });

  it('publishes each night: valid alerts, cutouts with the original bytes, upper limits, statistics', async () => {
    const nights = [20181129, 20191127, 20200101];
    for (const night of nights) await publishNight(layout, night, testLog);
    const catalog = readCatalog(layout);
    expect(catalog.version).toBe(3);
    const part = catalog.parts.find((p) => p.nights.includes(20191127))!;
    const rows = await sql(
      `SELECT i_candid, i_jd, i_magpsf FROM read_parquet('${partFilePath(layout, part.id, 'alerts')}') WHERE i_objectId = 'ZTF19acihgng'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].i_candid).toBe(1060135832015015002n);
    const [ref] = await sql(
      `SELECT stamp_offset, stamp_science_len FROM read_parquet('${partFilePath(layout, part.id, 'cutouts')}')
       WHERE i_candid = 1060135832015015002`,
    );
    const stamp = Buffer.alloc(Number(ref.stamp_science_len));
    const fd = fs.openSync(path.join(layout.partDir(part.id), STAMPS_FILE), 'r');
    fs.readSync(fd, stamp, 0, stamp.length, Number(ref.stamp_offset));
    fs.closeSync(fd);
    const original = fs.readFileSync(
      testDataPath('cutouts', 'ZTF19acihgng_1060135832015015002_cutoutScience.fits.gz'),
    );
    expect(Buffer.compare(stamp, original)).toBe(0);
    const upper = await sql(
      `SELECT tag, count(*)::INT AS n FROM read_parquet('${partFilePath(layout, part.id, 'upperlim')}')
       WHERE objectId = 'ZTF19acihgng' GROUP BY tag ORDER BY tag`,
    );
    expect(upper.find((r) => r.tag === 'upperlim')?.n).toBeGreaterThan(0);
    const stats = catalog.statistics['20181129'];
    expect(stats['basic:raw']).toBe(31);
    expect(stats['basic:sci'] + 0).toBeLessThanOrEqual(31);
    expect(stats['basic:exposures']).toBe(1);
  });

  it('republishing a night replaces it exactly (same rows, new part, old catalog versions intact)', async () => {
    const before = readCatalog(layout);
    const oldPart = before.parts.find((p) => p.nights.includes(20200101))!;
    await publishNight(layout, 20200101, testLog);
    const after = readCatalog(layout);
    expect(after.version).toBe(before.version + 1);
    const newPart = after.parts.find((p) => p.nights.includes(20200101))!;
    expect(newPart.id).not.toBe(oldPart.id);
    expect(newPart.rows).toEqual(oldPart.rows);
    expect(after.parts.filter((p) => p.nights.includes(20200101))).toHaveLength(1);
    // the previous version is still complete on disk (readers on it finish their queries)
    expect(fs.existsSync(partFilePath(layout, oldPart.id, 'alerts'))).toBe(true);
  });

  it('a publication that dies before the catalog switch leaves the previous state readable', async () => {
    const before = readCatalog(layout);
    // a half-written part, as a crash would leave it
    fs.mkdirSync(layout.partDir('n20200101-crashed'), { recursive: true });
    fs.writeFileSync(path.join(layout.partDir('n20200101-crashed'), 'alerts.parquet'), 'garbage');
    expect(readCatalog(layout)).toEqual(before);
    const retry = await publishNight(layout, 20200101, testLog);
    expect(retry?.catalogVersion).toBe(before.version + 1);
  });
});

describe('bad input is quarantined and ingestion continues', () => {
  const layout = tempStore();
  const inputDir = fs.mkdtempSync(path.join(layout.root, 'in-'));
  beforeAll(() => {
    const good = fs.readFileSync(testDataPath('ztf_raw_avro', 'fink-client_datatest', 'ZTF19acihgng.avro'));
    fs.writeFileSync(path.join(inputDir, 'a-good.avro'), good);
    fs.writeFileSync(path.join(inputDir, 'b-truncated.avro'), good.subarray(0, Math.floor(good.length / 2)));
    fs.writeFileSync(path.join(inputDir, 'c-garbage.avro'), Buffer.from('this is not avro at all'));
    fs.writeFileSync(path.join(inputDir, 'd-empty.avro'), Buffer.alloc(0));
    const other = fs.readFileSync(testDataPath('ztf_raw_avro', 'fink-client_datatest', 'ZTF19acxxwrs.avro'));
    fs.writeFileSync(path.join(inputDir, 'e-good.avro'), other);
  });
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it('stages the good alerts and quarantines the others with their reason and bytes', async () => {
    const summary = await ingestFiles(layout, [inputDir], { ingesterId: 'q', log: testLog });
    expect(summary.staged).toBe(2);
    expect(summary.quarantined).toBe(3);
    expect(summary.read).toBe(5);
    const entries = readQuarantine(layout);
    expect(entries).toHaveLength(3);
    const reasons = entries
      .map((e) => `${path.basename((e.position as { file: string }).file)}: ${e.reason}`)
      .sort();
    expect(reasons[0]).toMatch(/^b-truncated\.avro: .*truncated/i);
    expect(reasons[1]).toMatch(/^c-garbage\.avro: .*container/i);
    expect(reasons[2]).toMatch(/^d-empty\.avro: .*/);
    const truncated = entries.find((e) =>
      (e.position as { file: string }).file.endsWith('b-truncated.avro'),
    )!;
    expect(truncated.bytes).toBeGreaterThan(0);
  });
});
