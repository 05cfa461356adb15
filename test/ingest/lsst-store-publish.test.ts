/**
 * LSST publication (docs/surveys.md, "The LSST store"): synthetic LsstAlert objects staged by two ingesters over
 * two nights, published by `publishNights` (which dispatches on the store's survey) into parts with the files of
 * LSST_PART_FILES, read back with an independent DuckDB. Expected values are the builder's inputs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LSST_PART_FILES, type LsstAlert, type LsstPartFile, readCatalog } from '../../data/index.js';
import { readLsstStamps, readRowsOfObjects } from '../../data/queries/lsst/index.js';
import type { DecodedItem } from '../../ingest/pipeline.js';
import { publishNights } from '../../ingest/publish/index.js';
import { LsstIngestPipeline } from '../../ingest/stage/lsst-stager.js';
import { LsstStoreReader } from '../../serve/lsst-store-reader.js';
import { dayObsOf, lsstAlert, SCHEMA_B } from '../support/lsst-alerts.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';

const layout = tempStore('skyalert-lsst-pub-');
afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

/** Ids above 2^53 (a JavaScript number cannot hold them exactly). */
const X = 170424319673368579n;
const Y = 170424319673368001n;
const id = (k: number): bigint => 313853998916763649n + BigInt(k);
const MJD1 = 61000.2;
const MJD2 = 61001.2;
const N1 = dayObsOf(MJD1);
const N2 = dayObsOf(MJD2);

const H0 = { diaSourceId: id(90), mjd: MJD1 - 5, band: 'g', psfFlux: 50 };
const X1 = { diaSourceId: id(1), mjd: MJD1, band: 'g', psfFlux: 1001 };
const x1 = lsstAlert({
  ...X1,
  diaObjectId: X,
  flags: { isDipole: true },
  history: [H0],
  forced: [{ diaForcedSourceId: id(501), mjd: MJD1 - 1, psfFlux: 11 }],
  object: { nDiaSources: 2, gPsfFluxMean: 100 },
  stampByte: 11,
});
const x2 = lsstAlert({
  diaSourceId: id(2),
  diaObjectId: X,
  mjd: MJD1 + 0.01,
  band: 'r',
  psfFlux: 1002,
  tns: 'SN 2025abc',
  history: [H0, X1],
  forced: [
    { diaForcedSourceId: id(501), mjd: MJD1 - 1, psfFlux: 11 },
    { diaForcedSourceId: id(502), mjd: MJD1 - 0.5, psfFlux: 12 },
  ],
  object: { nDiaSources: 3, gPsfFluxMean: 200 },
  stampByte: 22,
});
const x3 = lsstAlert({
  diaSourceId: id(3),
  diaObjectId: X,
  mjd: MJD1 + 0.02,
  band: 'r',
  psfFlux: 1003,
  schema: SCHEMA_B,
  trailLength: 2.5,
  flags: { glint_trail: true },
  history: [H0, X1],
  object: { nDiaSources: 4, gPsfFluxMean: 300, isCataloged: true },
  stampByte: 33,
});
const s1 = lsstAlert({
  diaSourceId: id(4),
  diaObjectId: 0n,
  mjd: MJD1 + 0.03,
  band: 'i',
  psfFlux: 777,
  sso: { ssObjectId: 21165598645n, packed: 'K25A01B', phaseAngle: 12.5 },
  stampByte: 44,
});
const x4 = lsstAlert({
  diaSourceId: id(5),
  diaObjectId: X,
  mjd: MJD2,
  stampByte: 55,
  object: { nDiaSources: 5, gPsfFluxMean: 400 },
});
const y1 = lsstAlert({
  diaSourceId: id(6),
  diaObjectId: Y,
  mjd: MJD2 + 0.01,
  object: { nDiaSources: 1, gPsfFluxMean: 9 },
});

function items(alerts: readonly LsstAlert[]): DecodedItem<LsstAlert>[] {
  return alerts.map((alert, index) => ({
    outcome: { ok: true, alert },
    position: { kind: 'file', file: 'test.avro', index },
    raw: () => new Uint8Array(0),
  }));
}

async function stage(ingester: string, alerts: readonly LsstAlert[]): Promise<void> {
  const pipeline = new LsstIngestPipeline(layout, ingester, testLog);
  await pipeline.ingestDecoded(items(alerts));
  await pipeline.close();
}

function partFile(night: number, file: LsstPartFile): string {
  const part = readCatalog(layout).parts.find((p) => p.nights.includes(night));
  if (!part) throw new Error(`no part of night ${night}`);
  return path.join(layout.partDir(part.id), LSST_PART_FILES[file]);
}

/**
 * The stamps of a night's part as the files give them, read without the project's reader: each cutouts.parquet
 * row's offset and lengths cut out of the part's stamps.bin, in the file's row order.
 */
async function stampsOfPart(night: number): Promise<{ id: bigint; obj: bigint; stamps: Buffer[] }[]> {
  const file = partFile(night, 'cutouts');
  const rows = await sql(
    `SELECT "r:diaSourceId" AS id, "r:diaObjectId" AS obj, stamp_offset AS o, stamp_science_len AS s,
            stamp_template_len AS t, stamp_difference_len AS d FROM read_parquet('${file}')`,
  );
  const bin = fs.readFileSync(path.join(path.dirname(file), 'stamps.bin'));
  return rows.map((r) => {
    let at = Number(r.o);
    const stamps = [r.s, r.t, r.d].map((l) => {
      const part = bin.subarray(at, at + Number(l));
      at += Number(l);
      return Buffer.from(part);
    });
    return { id: r.id as bigint, obj: r.obj as bigint, stamps };
  });
}

beforeAll(async () => {
  // two ingesters share night 1; x2 reaches both
  await stage('a', [x1, x2]);
  await stage('b', [x2, x3, s1, x4, y1]);
  const { published } = await publishNights(layout, [N1, N2], testLog);
  expect(published.map((p) => p.night)).toEqual([N1, N2]);
}, 60_000);

describe('an LSST night published', () => {
  it('holds each diaSource once: alerts (v:alert true, also where a history repeats them) and earlier detections', async () => {
    const rows = await sql(
      `SELECT "r:diaSourceId" AS id, "r:diaObjectId" AS obj, "v:alert" AS alert, "r:psfFlux" AS flux,
              "r:trailLength" AS trail, "v:night" AS night
       FROM read_parquet('${partFile(N1, 'sources')}')`,
    );
    // sorted by object then time; the Solar System source is not there
    expect(rows).toEqual([
      { id: H0.diaSourceId, obj: X, alert: false, flux: 50, trail: null, night: dayObsOf(H0.mjd) },
      { id: X1.diaSourceId, obj: X, alert: true, flux: 1001, trail: null, night: N1 },
      { id: id(2), obj: X, alert: true, flux: 1002, trail: null, night: N1 },
      { id: id(3), obj: X, alert: true, flux: 1003, trail: 2.5, night: N1 },
    ]);
  });

  it('puts a Solar System alert into sso only, with its ssSource and designation', async () => {
    const rows = await sql(
      `SELECT "r:diaSourceId" AS id, "r:psfFlux" AS flux, "r:ssObjectId" AS ss, "r:phaseAngle" AS phase,
              "r:packed_primary_provisional_designation" AS packed
       FROM read_parquet('${partFile(N1, 'sso')}')`,
    );
    expect(rows).toEqual([{ id: id(4), flux: 777, ss: 21165598645n, phase: 12.5, packed: 'K25A01B' }]);
  });

  it('keeps one forced source per id, and the stamps of every alert with their bytes', async () => {
    const fp = await sql(`SELECT "r:diaForcedSourceId" AS id FROM read_parquet('${partFile(N1, 'fp')}')`);
    expect(fp.map((r) => r.id)).toEqual([id(501), id(502)]);
    const cut = await stampsOfPart(N1);
    expect(cut.map((r) => [r.id, r.obj])).toEqual([
      [id(1), X],
      [id(2), X],
      [id(3), X],
      [id(4), 0n],
    ]);
    // night 1 was staged by two ingesters: each alert's stamps come from the file that staged it
    cut.forEach((r, i) => {
      const byte = [11, 22, 33, 44][i];
      expect(r.stamps).toEqual([
        Buffer.alloc(64, byte),
        Buffer.alloc(64, byte + 1),
        Buffer.alloc(64, byte + 2),
      ]);
    });
  });

  it('gives each diaObject its newest alert record, per part; the newest night wins across parts', async () => {
    const n1 = await sql(
      `SELECT "r:diaObjectId" AS obj, "r:nDiaSources" AS n FROM read_parquet('${partFile(N1, 'objects')}')`,
    );
    expect(n1).toEqual([{ obj: X, n: 4 }]);
    const both = await sql(
      `SELECT "r:diaObjectId" AS obj, arg_max("r:nDiaSources", "v:night") AS n, arg_max("r:g_psfFluxMean", "v:night") AS g
       FROM read_parquet(['${partFile(N1, 'objects')}', '${partFile(N2, 'objects')}'], union_by_name = true)
       GROUP BY 1 ORDER BY 1`,
    );
    expect(both).toEqual([
      { obj: Y, n: 1, g: 9 },
      { obj: X, n: 5, g: 400 },
    ]);
  });

  it("records the parts and Fink's LSST counters of each night in the catalog", () => {
    const catalog = readCatalog(layout);
    const part = catalog.parts.find((p) => p.nights.includes(N1))!;
    expect(part.lsstRows).toEqual({ sources: 4, objects: 1, fp: 2, sso: 1, cutouts: 4 });
    expect(catalog.statistics[String(N1)]).toEqual({
      'f:alerts': 4,
      'f:alerts_u': 0,
      'f:alerts_g': 1,
      'f:alerts_r': 2,
      'f:alerts_i': 1,
      'f:alerts_z': 0,
      'f:alerts_y': 0,
      'f:objects': 1,
      'f:is_sso': 1,
      'f:is_first': 0,
      'f:is_cataloged': 1,
      'f:in_tns': 1,
      'f:glint_trail': 1,
      'f:isDipole': 1,
      'f:pixelFlags_cr': 0,
      'f:pixelFlags_saturated': 0,
      'f:pixelFlags_streak': 0,
      'f:visits': 4,
    });
    expect(catalog.statistics[String(N2)]).toMatchObject({ 'f:alerts': 2, 'f:objects': 2, 'f:is_first': 1 });
    expect(catalog.lastPublication?.nights).toEqual([N2]);
  });

  it("is read by the LSST server: a diaObject's detections (from its blocks) and an alert's stamps", async () => {
    const reader = await LsstStoreReader.open(layout, testLog, { pollMs: 60_000 });
    try {
      const { tables, blocks } = reader.snapshot();
      if (!blocks) throw new Error('the store has no object blocks');
      const query = reader.query.bind(reader);
      const rows = readRowsOfObjects(
        blocks,
        'sources',
        tables.sources,
        'r:diaSourceId',
        [X],
        ['r:diaSourceId', 'v:alert'],
      );
      expect(rows.map((r) => [r['r:diaSourceId'], r['v:alert']])).toEqual([
        [id(5), true],
        [id(3), true],
        [id(2), true],
        [id(1), true],
        [H0.diaSourceId, false],
      ]);
      const stamps = await readLsstStamps(query, tables.cutouts, id(3));
      expect(Buffer.from(stamps?.Template as Uint8Array)).toEqual(Buffer.alloc(64, 34));
    } finally {
      reader.close();
    }
  });

  it('publishes again only the nights staged again', async () => {
    const before = readCatalog(layout);
    const nothing = await publishNights(layout, [N1, N2], testLog);
    expect(nothing.published).toEqual([]);
    expect(nothing.unchanged).toEqual([N1, N2]);
    expect(readCatalog(layout).version).toBe(before.version);
    const z1 = lsstAlert({
      diaSourceId: id(7),
      diaObjectId: Y,
      mjd: MJD2 + 0.02,
      object: { nDiaSources: 2, gPsfFluxMean: 10 },
    });
    await stage('a', [z1]);
    const again = await publishNights(layout, [N1, N2], testLog);
    expect(again.published.map((p) => p.night)).toEqual([N2]);
    const after = readCatalog(layout);
    const partOf = (c: typeof after, n: number) => c.parts.find((p) => p.nights.includes(n))!.id;
    expect(partOf(after, N1)).toBe(partOf(before, N1));
    expect(partOf(after, N2)).not.toBe(partOf(before, N2));
    expect(after.parts).toHaveLength(2);
    const ids = await sql(
      `SELECT "r:diaSourceId" AS id FROM read_parquet('${partFile(N2, 'sources')}') ORDER BY 1`,
    );
    expect(ids.map((r) => r.id)).toEqual([id(5), id(6), id(7)]);
    expect(after.statistics[String(N2)]).toMatchObject({ 'f:alerts': 3, 'f:objects': 2 });
    const x4Cut = (await stampsOfPart(N2)).find((r) => r.id === id(5));
    expect(x4Cut?.stamps[0]).toEqual(Buffer.alloc(64, 55));
    // an earlier night published again keeps the catalog's parts in night order (a later night's part wins)
    await stage('a', [lsstAlert({ diaSourceId: id(8), diaObjectId: Y, mjd: MJD1 + 0.05 })]);
    expect((await publishNights(layout, [N1, N2], testLog)).published.map((p) => p.night)).toEqual([N1]);
    expect(readCatalog(layout).parts.map((p) => p.nights)).toEqual([[N1], [N2]]);
  });
});
