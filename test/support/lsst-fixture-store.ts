/**
 * A published LSST store written directly with DuckDB SQL from real Rubin alerts (Spark-written parquet, schema
 * 10.0): `survey.json`, one part with the five files of LSST_PART_FILES as docs/surveys.md ("The LSST store")
 * describes them, and a catalog version with CURRENT.
 *
 * It stands in for the LSST ingestion path (decode → stage → publish) until that lands: the serving tests then
 * build their store with `skyalert ingest` on the same file, and this module goes away. It is written from the
 * store's description, not from the server's code, so the server is tested against the store's contract.
 *
 * Exact ids come from `diaSource.diaObjectId` (the parquet's `diaObject.diaObjectId` is a DOUBLE that lost digits).
 * The sample's `prvDiaForcedSources` are all empty, so `fp.parquet` holds no row; its columns are the
 * diaForcedSource fields of Fink's 10.0 parquet schema (test/data/lsst/fink-broker_parquet_schemas).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Hono } from 'hono';
import { ang2pixNest } from '../../compute/sky/index.js';
import {
  type Catalog,
  LSST_PART_FILES,
  LSST_STORE_COLUMNS,
  type StoreLayout,
  sqlPathLiteral,
  writeCatalog,
} from '../../data/index.js';
import { createLsstApp } from '../../serve/app.js';
import { LsstStoreReader } from '../../serve/lsst-store-reader.js';
import { tempStore, testLog } from './store.js';
import { testDataPath } from './test-data.js';

/** The 25 real Rubin alerts (schema 10.0) of test/data/lsst/. */
export const LSST_SAMPLE_FILE = ['lsst', 'rubin_sample_data_10_0.parquet'] as const;
/** Fink's empty 10.0 parquet file: the types of the diaForcedSource fields. */
const FINK_SCHEMA_FILE = ['lsst', 'fink-broker_parquet_schemas', 'lsst.v10_0.parquet'] as const;
/** Part id of the fixture's one part. */
export const LSST_FIXTURE_PART = 'lsst-20251231-0001';
/** Rubin's dayObs of the sample's alerts (2026-01-01 05:18 UTC is night 2025-12-31 at UTC−12 h). */
const NIGHT = 20251231;
const HPIX_ORDER = 29;

const q = (name: string) => `"${name}"`;
/** `struct.field AS "r:field"` for each field. */
const renamed = (struct: string, fields: readonly string[], skip: ReadonlySet<string> = new Set()) =>
  fields.filter((f) => !skip.has(f)).map((f) => `${struct}.${q(f)} AS ${q(`r:${f}`)}`);
/** Rubin's dayObs of an MJD TAI expression: the date at UTC−12 h, as YYYYMMDD. */
const nightOf = (mjd: string) =>
  `CAST(strftime(DATE '1858-11-17' + CAST(floor(${mjd} - 37.0 / 86400 - 0.5) AS INTEGER), '%Y%m%d') AS INTEGER)`;

/**
 * Writes a published LSST store in `layout` (an empty directory) from the real sample alerts.
 *
 * @returns the catalog written.
 */
export async function writeLsstFixtureStore(layout: StoreLayout): Promise<Catalog> {
  const src = sqlPathLiteral(testDataPath(...LSST_SAMPLE_FILE));
  const finkSchema = sqlPathLiteral(testDataPath(...FINK_SCHEMA_FILE));
  const partDir = layout.partDir(LSST_FIXTURE_PART);
  fs.mkdirSync(partDir, { recursive: true });
  fs.writeFileSync(
    path.join(layout.root, 'survey.json'),
    `${JSON.stringify({ survey: 'lsst', recorded: '2026-01-02T00:00:00.000Z' })}\n`,
  );
  const out = (file: keyof typeof LSST_PART_FILES) =>
    sqlPathLiteral(path.join(partDir, LSST_PART_FILES[file]));
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  const fieldsOf = async (sql: string) =>
    (await conn.runAndReadAll(`DESCRIBE ${sql}`)).getRowObjectsJS().map((r) => String(r.column_name));
  try {
    const sourceFields = await fieldsOf(`SELECT unnest(diaSource) FROM ${src}`);
    const objectFields = await fieldsOf(`SELECT unnest(diaObject) FROM ${src}`);
    const ssFields = await fieldsOf(`SELECT unnest(ssSource) FROM ${src}`);
    const forcedFields = await fieldsOf(
      `SELECT unnest(prvDiaForcedSources, recursive := true) FROM ${finkSchema}`,
    );
    const { alert, night, hpix29 } = LSST_STORE_COLUMNS;

    // every diaSource: the alerts' own, then the earlier detections not received as alerts
    await conn.run(`CREATE TABLE src AS
      SELECT ${renamed('diaSource', sourceFields).join(', ')}, observation_reason AS "r:observation_reason",
        target_name AS "r:target_name", true AS ${q(alert)}
      FROM ${src}`);
    await conn.run(`INSERT INTO src BY NAME
      SELECT ${renamed('p', sourceFields).join(', ')}, false AS ${q(alert)}
      FROM (SELECT unnest(prvDiaSources) AS p FROM ${src})
      WHERE p.diaSourceId NOT IN (SELECT "r:diaSourceId" FROM src)
      QUALIFY row_number() OVER (PARTITION BY p.diaSourceId) = 1`);
    await conn.run(`DELETE FROM src WHERE "r:diaObjectId" = 0`);
    await conn.run(`ALTER TABLE src ADD COLUMN ${q(night)} INTEGER`);
    await conn.run(`UPDATE src SET ${q(night)} = ${nightOf('"r:midpointMjdTai"')}`);
    const positions = (
      await conn.runAndReadAll('SELECT "r:diaSourceId" AS id, "r:ra" AS ra, "r:dec" AS dec FROM src')
    ).getRowObjectsJS();
    await conn.run(`CREATE TABLE pix (id BIGINT, hpix UBIGINT)`);
    for (const p of positions)
      await conn.run('INSERT INTO pix VALUES ($1, $2)', [
        p.id as bigint,
        ang2pixNest(HPIX_ORDER, p.ra as number, p.dec as number),
      ]);
    await conn.run(`COPY (
      SELECT src.*, pix.hpix AS ${q(hpix29)} FROM src JOIN pix ON pix.id = src."r:diaSourceId"
      ORDER BY "r:diaObjectId", "r:midpointMjdTai") TO ${out('sources')} (FORMAT parquet)`);

    // one row per diaObject: the record of its newest alert, with the exact id of the diaSource
    await conn.run(`COPY (
      SELECT diaSource.diaObjectId AS "r:diaObjectId",
        ${renamed('diaObject', objectFields, new Set(['diaObjectId'])).join(', ')},
        observation_reason AS "r:observation_reason", target_name AS "r:target_name"
      FROM ${src} WHERE diaSource.diaObjectId <> 0
      QUALIFY row_number() OVER (PARTITION BY diaSource.diaObjectId ORDER BY diaSource.midpointMjdTai DESC) = 1
      ORDER BY "r:diaObjectId") TO ${out('objects')} (FORMAT parquet)`);

    // forced photometry, unique on diaForcedSourceId: the sample carries none (checked), so the rows are those of
    // Fink's empty schema file, which types the columns
    const forced = await conn.runAndReadAll(
      `SELECT count(*) AS n FROM ${src} WHERE len(prvDiaForcedSources) > 0`,
    );
    if (Number(forced.getRowObjectsJS()[0].n) !== 0)
      throw new Error('the LSST sample now carries forced sources: write them to fp.parquet');
    await conn.run(`COPY (
      SELECT ${renamed('f', forcedFields).join(', ')}, ${nightOf('f.midpointMjdTai')} AS ${q(night)}
      FROM (SELECT unnest(prvDiaForcedSources) AS f FROM ${finkSchema})
      ) TO ${out('fp')} (FORMAT parquet)`);

    // Solar System detections: diaSource + ssSource (ids from diaSource) + the designations of mpc_orbits
    await conn.run(`COPY (
      SELECT ${renamed('diaSource', sourceFields).join(', ')},
        ${renamed('ssSource', ssFields, new Set(['diaSourceId', 'ssObjectId'])).join(', ')},
        mpc_orbits.packed_primary_provisional_designation AS "r:packed_primary_provisional_designation",
        mpc_orbits.unpacked_primary_provisional_designation AS "r:unpacked_primary_provisional_designation",
        observation_reason AS "r:observation_reason", target_name AS "r:target_name",
        ${nightOf('diaSource.midpointMjdTai')} AS ${q(night)}
      FROM ${src} WHERE ssSource IS NOT NULL
      ORDER BY "r:packed_primary_provisional_designation", "r:midpointMjdTai") TO ${out('sso')} (FORMAT parquet)`);

    await conn.run(`COPY (
      SELECT diaSourceId AS "r:diaSourceId", diaSource.diaObjectId AS "r:diaObjectId",
        cutoutScience AS "b:cutoutScience", cutoutTemplate AS "b:cutoutTemplate",
        cutoutDifference AS "b:cutoutDifference"
      FROM ${src} ORDER BY "r:diaSourceId") TO ${out('cutouts')} (FORMAT parquet)`);
    const count = async (file: keyof typeof LSST_PART_FILES) =>
      Number((await conn.runAndReadAll(`SELECT count(*) AS n FROM ${out(file)}`)).getRowObjectsJS()[0].n);
    const catalog: Catalog = {
      version: 1,
      publishedAt: '2026-01-02T00:00:00.000Z',
      parts: [
        {
          id: LSST_FIXTURE_PART,
          nights: [NIGHT],
          rows: { alerts: await count('sources'), upperlim: 0, cutouts: await count('cutouts') },
          cutouts: [{ night: NIGHT, part: LSST_FIXTURE_PART }],
          createdAt: '2026-01-02T00:00:00.000Z',
        },
      ],
      statistics: {},
      objectIndex: null,
    };
    writeCatalog(layout, catalog);
    return catalog;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** The LSST application on a fresh fixture store, and what closes it. */
export interface LsstFixtureApp {
  readonly app: Hono;
  readonly layout: StoreLayout;
  readonly reader: LsstStoreReader;
  close(): void;
}

/** Writes a fixture store in a new temp directory and opens the LSST application on it. */
export async function openLsstFixtureApp(): Promise<LsstFixtureApp> {
  const layout = tempStore('skyalert-lsst-');
  await writeLsstFixtureStore(layout);
  const reader = await LsstStoreReader.open(layout, testLog);
  return {
    app: createLsstApp(reader, testLog),
    layout,
    reader,
    close: () => {
      reader.close();
      fs.rmSync(layout.root, { recursive: true, force: true });
    },
  };
}

/** The sample parquet as a SQL literal, for the tests' independent queries. */
export function lsstSampleSql(): string {
  return sqlPathLiteral(testDataPath(...LSST_SAMPLE_FILE));
}
