/**
 * LSST staging (docs/surveys.md, "The LSST store"): LsstAlert objects staged into one DuckDB file per night and
 * ingester through the survey-neutral pipeline — idempotent on diaSourceId, durable when `durable` resolves,
 * later writer schemas adding their columns, and the store's survey claimed (and refused) before anything is
 * staged. Expected values are the builder's inputs (test/support/lsst-alerts.ts).
 */
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { LsstAlert, StoreLayout } from '../../data/index.js';
import { claimStoreSurvey, readStoreSurvey } from '../../data/index.js';
import type { DecodedItem } from '../../ingest/pipeline.js';
import { IngestPipeline } from '../../ingest/pipeline.js';
import { readStagedVersion } from '../../ingest/stage/index.js';
import { LsstIngestPipeline } from '../../ingest/stage/lsst-stager.js';
import { dayObsOf, lsstAlert, SCHEMA_A, SCHEMA_B } from '../support/lsst-alerts.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const stores: StoreLayout[] = [];
function store(): StoreLayout {
  const layout = tempStore('skyalert-lsst-');
  stores.push(layout);
  return layout;
}
afterEach(() => {
  for (const s of stores.splice(0)) fs.rmSync(s.root, { recursive: true, force: true });
});

/** Decoded items of alerts, positions as from a file. */
function items(alerts: readonly LsstAlert[]): DecodedItem<LsstAlert>[] {
  return alerts.map((alert, index) => ({
    outcome: { ok: true, alert },
    position: { kind: 'file', file: 'test.avro', index },
    raw: () => new Uint8Array(0),
  }));
}

/** Above 2^53: a JavaScript number cannot hold these exactly. */
const OBJ = 170424319673368579n;
const MJD = 61000.2; // 2025-11-29 04:48 TAI: dayObs 20251128
const NIGHT = dayObsOf(MJD);

describe('LSST staging', () => {
  it('stages a batch once: the same batch again adds nothing, and durable resolves after the commit', async () => {
    const layout = store();
    const alerts = [0n, 1n, 2n].map((k) =>
      lsstAlert({
        diaSourceId: OBJ * 10n + k,
        diaObjectId: OBJ,
        mjd: MJD + Number(k) / 1000,
        object: { nDiaSources: 1 + Number(k), gPsfFluxMean: 500 },
        history: [{ diaSourceId: OBJ * 10n + 9n, mjd: MJD - 3 }],
        forced: [{ diaForcedSourceId: OBJ * 10n + 500n + k, mjd: MJD - 2, psfFlux: 12.5 }],
      }),
    );
    const pipeline = new LsstIngestPipeline(layout, 'ing1', testLog);
    const { durable } = await pipeline.handOverDecoded(items(alerts));
    await durable;
    expect(pipeline.counts.staged).toBe(3);
    await pipeline.ingestDecoded(items(alerts));
    expect(pipeline.counts.staged).toBe(3);
    expect(pipeline.counts.duplicates).toBe(3);
    await pipeline.close();
    expect(readStoreSurvey(layout)).toBe('lsst');
    const file = layout.stagingFile(NIGHT, 'ing1');
    expect(readStagedVersion(file)).toBe(1);
    const [counts] = await sql(`ATTACH '${file}' AS s (READ_ONLY);
      SELECT (SELECT count(*) FROM s.lsst_sources)::INT AS sources, (SELECT count(*) FROM s.lsst_objects)::INT AS objects,
             (SELECT count(*) FROM s.lsst_history)::INT AS history, (SELECT count(*) FROM s.lsst_forced)::INT AS forced,
             (SELECT count(*) FROM s.lsst_cutouts)::INT AS cutouts, (SELECT count(*) FROM s.lsst_sso)::INT AS sso`);
    expect(counts).toEqual({ sources: 3, objects: 3, history: 3, forced: 3, cutouts: 3, sso: 0 });
    const ids = await sql(`ATTACH '${file}' AS s (READ_ONLY);
      SELECT "r:diaSourceId" AS id, "r:diaObjectId" AS obj, "v:night" AS night FROM s.lsst_sources ORDER BY 1`);
    expect(ids).toEqual([0n, 1n, 2n].map((k) => ({ id: OBJ * 10n + k, obj: OBJ, night: NIGHT })));
    // a reopened file still knows its alerts: a new pipeline stages nothing again
    const again = new LsstIngestPipeline(layout, 'ing1', testLog);
    await again.ingestDecoded(items(alerts));
    await again.close();
    expect(again.counts).toMatchObject({ staged: 0, duplicates: 3 });
    expect(readStagedVersion(file)).toBe(1);
  });

  it('gives each small night of a backfill its own file: month files are ZTF only', async () => {
    const layout = store();
    const pipeline = new LsstIngestPipeline(layout, 'ing1', testLog, { overlap: true });
    pipeline.stager.shareSmallNights = true;
    // nine nights of one alert each and one of 40: the first nine would share their month's file in ZTF
    const alerts = Array.from({ length: 49 }, (_, k) =>
      lsstAlert({ diaSourceId: OBJ * 10n + 100n + BigInt(k), diaObjectId: OBJ, mjd: MJD + Math.min(k, 9) }),
    );
    await pipeline.ingestDecoded(items(alerts));
    await pipeline.flush();
    await pipeline.close();
    expect(pipeline.counts.staged).toBe(alerts.length);
    const nights = [...new Set(alerts.map((a) => a.night))];
    expect(nights.length).toBe(10);
    for (const night of nights) expect(fs.existsSync(layout.stagingFile(night, 'ing1'))).toBe(true);
    expect(fs.readdirSync(layout.stagingDir).filter((d) => /^\d{6}$/.test(d))).toEqual([]);
    const counts: unknown[] = [];
    for (const night of nights) {
      const [row] = await sql(`ATTACH '${layout.stagingFile(night, 'ing1')}' AS s (READ_ONLY);
        SELECT count(*)::INT AS n FROM s.lsst_sources`);
      counts.push(row.n);
    }
    expect(counts).toEqual(nights.map((n) => alerts.filter((a) => a.night === n).length));
  });

  it('adds the columns of a later writer schema to the file, older rows null', async () => {
    const layout = store();
    const pipeline = new LsstIngestPipeline(layout, 'ing1', testLog);
    const a = lsstAlert({ diaSourceId: OBJ * 10n + 1n, diaObjectId: OBJ, mjd: MJD, schema: SCHEMA_A });
    const b = lsstAlert({
      diaSourceId: OBJ * 10n + 2n,
      diaObjectId: OBJ,
      mjd: MJD + 0.01,
      schema: SCHEMA_B,
      trailLength: 3.25,
    });
    // one batch with both schemas, then a batch of the older one again
    await pipeline.ingestDecoded(items([a, b]));
    const c = lsstAlert({ diaSourceId: OBJ * 10n + 3n, diaObjectId: OBJ, mjd: MJD + 0.02, schema: SCHEMA_A });
    await pipeline.ingestDecoded(items([c]));
    await pipeline.close();
    const rows = await sql(`ATTACH '${layout.stagingFile(NIGHT, 'ing1')}' AS s (READ_ONLY);
      SELECT "r:diaSourceId" AS id, "r:trailLength" AS trail, alert_schema AS schema FROM s.lsst_sources ORDER BY 1`);
    expect(rows).toEqual([
      { id: OBJ * 10n + 1n, trail: null, schema: 'lsst.v9_0' },
      { id: OBJ * 10n + 2n, trail: 3.25, schema: 'lsst.v10_0' },
      { id: OBJ * 10n + 3n, trail: null, schema: 'lsst.v9_0' },
    ]);
    expect(SCHEMA_B.source.length).toBe(SCHEMA_A.source.length + 1);
  });

  it('quarantines a rejected record beside the staged alerts', async () => {
    const layout = store();
    const pipeline = new LsstIngestPipeline(layout, 'ing1', testLog);
    const good = lsstAlert({ diaSourceId: OBJ * 10n, diaObjectId: OBJ, mjd: MJD });
    await pipeline.ingestDecoded([
      ...items([good]),
      {
        outcome: { ok: false, reason: 'unknown schema id 42' },
        position: { kind: 'kafka', topic: 'lsst', partition: 0, offset: '7' },
        raw: () => new Uint8Array([0, 0, 0, 0, 42]),
      },
    ]);
    await pipeline.close();
    expect(pipeline.counts).toMatchObject({ staged: 1, quarantined: 1 });
  });

  it('refuses LSST alerts in a ZTF store and ZTF alerts in an LSST store, staging nothing', async () => {
    const ztf = store();
    claimStoreSurvey(ztf, 'ztf');
    const lsst = new LsstIngestPipeline(ztf, 'ing1', testLog);
    await expect(
      lsst.ingestDecoded(items([lsstAlert({ diaSourceId: OBJ * 10n, diaObjectId: OBJ, mjd: MJD })])),
    ).rejects.toThrow(/holds ZTF alerts and this input is LSST/);
    await lsst.close();
    expect(fs.existsSync(ztf.stagingDir)).toBe(false);

    const store2 = store();
    claimStoreSurvey(store2, 'lsst');
    const zt = new IngestPipeline(store2, 'ing1', testLog);
    const dir = testDataPath('ztf_raw_avro');
    const avro = (fs.readdirSync(dir, { recursive: true }) as string[]).find((f) => f.endsWith('.avro'))!;
    const bytes = fs.readFileSync(`${dir}/${avro}`);
    await expect(
      zt.ingestMessages([{ bytes, position: { kind: 'file', file: avro, index: 0 } }]),
    ).rejects.toThrow(/holds LSST alerts and this input is ZTF/);
    await zt.close();
    expect(fs.existsSync(store2.stagingDir)).toBe(false);
  });
});
