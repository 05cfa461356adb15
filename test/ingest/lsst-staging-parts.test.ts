/**
 * LSST staging of batches larger than one transaction (ingest/stage/lsst-night-staging.ts, MAX_TRANSACTION_ROWS):
 * real Rubin alerts carry hundreds of history rows each, so a batch is staged in parts of bounded rows, and the
 * batch is durable once every part is. Expected values are the builder's inputs (test/support/lsst-alerts.ts).
 */
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { LsstAlert, StoreLayout } from '../../data/index.js';
import type { DecodedItem } from '../../ingest/pipeline.js';
import { LsstBatcher } from '../../ingest/sources/lsst-events.js';
import { LsstIngestPipeline } from '../../ingest/stage/lsst-stager.js';
import { dayObsOf, lsstAlert, SCHEMA_A, SCHEMA_B } from '../support/lsst-alerts.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';

const stores: StoreLayout[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) fs.rmSync(s.root, { recursive: true, force: true });
});

const OBJ = 170424319673368579n;
const MJD = 61000.2;
const NIGHT = dayObsOf(MJD);
/** Rows of each alert below: its source, its object, 3 history rows, 2 forced rows and its cutouts. */
const ROWS_PER_ALERT = 8;

/** Alert k of object OBJ + k % 4, with 3 prvDiaSources and 2 prvDiaForcedSources of its own. */
function alert(k: number, schema = SCHEMA_A): LsstAlert {
  const id = 4_000_000_000n + BigInt(k);
  return lsstAlert({
    diaSourceId: id,
    diaObjectId: OBJ + BigInt(k % 4),
    mjd: MJD + k / 10_000,
    schema,
    object: { nDiaSources: 4, gPsfFluxMean: 100 + k },
    history: [1n, 2n, 3n].map((h) => ({ diaSourceId: id * 10n + h, mjd: MJD - Number(h) })),
    forced: [1n, 2n].map((f) => ({
      diaForcedSourceId: id * 10n + f,
      mjd: MJD - Number(f),
      psfFlux: k + 0.5,
    })),
  });
}

/** What the staging file holds once alerts 0-39 are staged: every alert's rows once (3 history, 2 forced each). */
const ALL_40_ONCE = {
  sources: 40,
  distinctSources: 40,
  history: 120,
  distinctHistory: 120,
  forced: 80,
  cutouts: 40,
};

function items(alerts: readonly LsstAlert[]): DecodedItem<LsstAlert>[] {
  return alerts.map((a, index) => ({
    outcome: { ok: true, alert: a },
    position: { kind: 'kafka', topic: 'lsst', partition: 0, offset: String(index) },
    raw: () => new Uint8Array(0),
  }));
}

async function tableCounts(file: string): Promise<Record<string, unknown>> {
  const [row] = await sql(`ATTACH '${file}' AS s (READ_ONLY);
    SELECT (SELECT count(*) FROM s.lsst_sources)::INT AS sources,
           (SELECT count(DISTINCT "r:diaSourceId") FROM s.lsst_sources)::INT AS distinctSources,
           (SELECT count(*) FROM s.lsst_history)::INT AS history,
           (SELECT count(DISTINCT "r:diaSourceId") FROM s.lsst_history)::INT AS distinctHistory,
           (SELECT count(*) FROM s.lsst_forced)::INT AS forced,
           (SELECT count(*) FROM s.lsst_cutouts)::INT AS cutouts`);
  return row;
}

describe('LSST staging in parts', () => {
  it('stages a batch of many more rows than a transaction takes: every row once, durable with the batch', async () => {
    const layout = tempStore('skyalert-lsst-parts-');
    stores.push(layout);
    // 10 rows per transaction: a part every alert or two, more parts than may be in flight (add then waits)
    const pipeline = new LsstIngestPipeline(layout, 'ing1', testLog, { maxTransactionRows: 10 });
    // a later writer schema half-way: its new column is added between two parts of the batch
    const alerts = Array.from({ length: 40 }, (_, k) => alert(k, k < 25 ? SCHEMA_A : SCHEMA_B));
    expect(alerts.length * ROWS_PER_ALERT).toBeGreaterThan(20 * 10);
    const { durable } = await pipeline.handOverDecoded(items(alerts));
    await durable;
    expect(pipeline.counts).toMatchObject({ staged: 40, duplicates: 0 });
    // the same batch again: every part finds its alerts staged
    await pipeline.ingestDecoded(items(alerts));
    expect(pipeline.counts).toMatchObject({ staged: 40, duplicates: 40 });
    await pipeline.close();
    const file = layout.stagingFile(NIGHT, 'ing1');
    expect(await tableCounts(file)).toEqual(ALL_40_ONCE);
    const trail = await sql(`ATTACH '${file}' AS s (READ_ONLY);
      SELECT count("r:trailLength")::INT AS set, count(*)::INT AS n FROM s.lsst_sources`);
    expect(trail).toEqual([{ set: 0, n: 40 }]);
    const columns = await sql(`ATTACH '${file}' AS s (READ_ONLY);
      SELECT count(*)::INT AS n FROM duckdb_columns() WHERE database_name = 's' AND table_name = 'lsst_sources'
        AND column_name = 'r:trailLength'`);
    expect(columns).toEqual([{ n: 1 }]);
  });

  it('loses and doubles nothing when a batch fails after some of its parts committed, then comes again', async () => {
    const layout = tempStore('skyalert-lsst-parts-fail-');
    stores.push(layout);
    const pipeline = new LsstIngestPipeline(layout, 'ing1', testLog, { maxTransactionRows: 10 });
    const alerts = Array.from({ length: 40 }, (_, k) => alert(k));
    // alert 30's forced id is not an integer: its row cannot be built, which fails the batch
    const bad: LsstAlert = {
      ...alerts[30],
      forced: alerts[30].forced.map((f) => ({ ...f, 'r:diaForcedSourceId': 1.5 })),
    };
    const { durable } = await pipeline.handOverDecoded(
      items([...alerts.slice(0, 30), bad, ...alerts.slice(31)]),
    );
    await expect(durable).rejects.toThrow(/staging a batch of \d+ LSST alerts/);
    await pipeline.close();
    const file = layout.stagingFile(NIGHT, 'ing1');
    const before = await tableCounts(file);
    // the parts before the failure are durable; nothing of alert 30 or after is
    expect(before.sources).toBeGreaterThan(0);
    expect(before.sources).toBeLessThanOrEqual(30);
    // a restart is given the whole batch again (its positions were never committed), the bad alert corrected
    const again = new LsstIngestPipeline(layout, 'ing1', testLog, { maxTransactionRows: 10 });
    await again.ingestDecoded(items(alerts));
    await again.close();
    expect(again.counts).toMatchObject({ staged: 40 - Number(before.sources), duplicates: before.sources });
    expect(await tableCounts(file)).toEqual(ALL_40_ONCE);
  });
});

describe('LSST file batches', () => {
  it('end a batch at its record count or at its rows (source, history and forced), whichever comes first', () => {
    const batcher = new LsstBatcher(5, 20);
    const sizes: number[] = [];
    for (let k = 0; k < 12; k++) {
      const full = batcher.add(items([alert(k)])[0]);
      if (full !== null) sizes.push(full.length);
    }
    // each alert is 1 + 3 + 2 = 6 rows: a batch is full at its 4th alert (24 rows ≥ 20), before 5 records
    expect(sizes).toEqual([4, 4, 4]);
    expect(batcher.rest()).toBeNull();
    const records = new LsstBatcher(5, 1_000);
    const counts: number[] = [];
    for (let k = 0; k < 12; k++) {
      const full = records.add(items([alert(k)])[0]);
      if (full !== null) counts.push(full.length);
    }
    expect(counts).toEqual([5, 5]);
    expect(records.rest()?.length).toBe(2);
  });
});
