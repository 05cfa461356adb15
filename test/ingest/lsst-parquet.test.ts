/**
 * LSST parquet files (test/data/README.md §11) read by readLsstParquetFile, checked against DuckDB SQL queries
 * written here (an independent reading of the same files): Rubin's 25 real alerts (schema 10.0, pandas/Spark
 * parquet whose `diaObject.diaObjectId` is an inexact DOUBLE) and the 50 alerts of Operations Rehearsal 4 (7.1).
 */

import { DuckDBInstance } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LsstAlert } from '../../data/index.js';
import { lsstColumnsFromParquetSchema } from '../../ingest/decode/index.js';
import { inferLsstVersion, shapeFromDuckDbColumns } from '../../ingest/decode/lsst/index.js';
import { readLsstParquetFile } from '../../ingest/sources/index.js';
import { sql } from '../support/sql.js';
import { testDataPath } from '../support/test-data.js';

type Row = Record<string, unknown>;

async function readAll(file: string): Promise<{ alerts: LsstAlert[]; indexes: number[] }> {
  const alerts: LsstAlert[] = [];
  const indexes: number[] = [];
  for await (const ev of readLsstParquetFile(file, { batchSize: 10 })) {
    if (ev.kind !== 'items') throw new Error(`unexpected ${ev.kind}: ${ev.reason}`);
    for (const item of ev.items) {
      if (!item.outcome.ok) throw new Error(item.outcome.reason);
      alerts.push(item.outcome.alert);
      indexes.push(item.position.kind === 'file' ? item.position.index : -1);
    }
  }
  return { alerts, indexes };
}

/** The expected values, by DuckDB: ids, values, list lengths, the dayObs (date at UTC−12 h, TAI − 37 s). */
const expectedSql = (idColumn: 'diaSourceId' | 'alertId'): string => `
  SELECT ${idColumn} AS id, diaSource.diaObjectId AS objectId,
         diaSource.midpointMjdTai AS mjd, diaSource.psfFlux AS flux, diaSource.band AS band,
         COALESCE(len(prvDiaSources), 0) AS nprv, COALESCE(len(prvDiaForcedSources), 0) AS nforced,
         diaObject IS NULL AS noObject,
         CAST(strftime(make_timestamp(CAST(round((diaSource.midpointMjdTai - 40587) * 86400e6) AS BIGINT) - 37000000)
              - INTERVAL 12 HOUR, '%Y%m%d') AS INTEGER) AS night
  FROM read_parquet($1)`;

describe('Rubin parquet, schema 10.0 (25 real alerts)', () => {
  const file = testDataPath('lsst', 'rubin_sample_data_10_0.parquet');
  let alerts: LsstAlert[];
  let indexes: number[];
  let expected: Map<bigint, Row>;
  beforeAll(async () => {
    ({ alerts, indexes } = await readAll(file));
    const rows = await sql(expectedSql('diaSourceId'), [file]);
    expected = new Map(rows.map((r) => [r.id as bigint, r]));
  });

  it('decodes the 25 alerts with their exact ids and values, in time order', () => {
    expect(alerts).toHaveLength(25);
    expect(expected.size).toBe(25);
    expect(indexes).toEqual([...Array(25).keys()]);
    for (const a of alerts) {
      const e = expected.get(a.diaSourceId);
      expect(e, String(a.diaSourceId)).toBeDefined();
      expect(a.diaObjectId).toBe(e?.objectId);
      expect(a.midpointMjdTai).toBe(e?.mjd);
      expect(a.source['r:psfFlux']).toBe(e?.flux);
      expect(a.source['r:band']).toBe(e?.band);
      expect(a.history).toHaveLength(Number(e?.nprv));
      expect(a.forced).toHaveLength(Number(e?.nforced));
      expect(a.night).toBe(e?.night);
      expect(a.schemaVersion).toBe('lsst.v10_0');
    }
    const times = alerts.map((a) => a.midpointMjdTai);
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it('takes the diaObjectId from diaSource, never from the DOUBLE diaObject.diaObjectId', async () => {
    const [row] = await sql(
      'SELECT diaSourceId, diaSource.diaObjectId AS exact, diaObject.diaObjectId AS lossy FROM read_parquet($1) WHERE diaSourceId = 169813006395375676',
      [file],
    );
    expect(row.exact).toBe(169747015154532428n);
    expect(BigInt(row.lossy as number)).not.toBe(row.exact);
    const a = alerts.find((x) => x.diaSourceId === 169813006395375676n);
    expect(a?.diaObjectId).toBe(169747015154532428n);
    expect(a?.object?.['r:diaObjectId']).toBe(169747015154532428n);
    expect(a?.columns.object.find((c) => c.name === 'r:diaObjectId')?.type).toBe('long');
  });

  it('reads the 3 Solar System alerts: no diaObject, diaObjectId 0n, designations and exact ids', async () => {
    const rows = await sql(
      `SELECT diaSourceId, diaSource.ssObjectId AS ssObjectId, ssSource.designation AS designation,
              mpc_orbits.packed_primary_provisional_designation AS packed,
              mpc_orbits.unpacked_primary_provisional_designation AS unpacked
       FROM read_parquet($1) WHERE ssSource IS NOT NULL ORDER BY diaSourceId`,
      [file],
    );
    const sso = alerts.filter((a) => a.sso !== null).sort((x, y) => (x.diaSourceId < y.diaSourceId ? -1 : 1));
    expect(sso).toHaveLength(rows.length);
    expect(rows).toHaveLength(3);
    sso.forEach((a, i) => {
      expect(a.diaSourceId).toBe(rows[i].diaSourceId);
      expect(a.diaObjectId).toBe(0n);
      expect(a.object).toBeNull();
      expect(a.sso?.['r:designation']).toBe(rows[i].designation);
      expect(a.sso?.['r:packed_primary_provisional_designation']).toBe(rows[i].packed);
      expect(a.sso?.['r:unpacked_primary_provisional_designation']).toBe(rows[i].unpacked);
      // ssSource's ids are DOUBLE in this file: the exact ones come from the alert and its diaSource
      expect(a.sso?.['r:diaSourceId']).toBe(rows[i].diaSourceId);
      expect(a.sso?.['r:ssObjectId']).toBe(rows[i].ssObjectId);
      expect(a.orbit?.['r:designation']).toBe(rows[i].unpacked);
    });
    expect(sso.map((a) => a.sso?.['r:unpacked_primary_provisional_designation'])).toContain('2001 SB97');
  });

  it('keeps the stamps as the BLOBs hold them', async () => {
    const rows = await sql('SELECT diaSourceId, cutoutScience FROM read_parquet($1)', [file]);
    for (const r of rows) {
      const a = alerts.find((x) => x.diaSourceId === r.diaSourceId);
      expect(Buffer.from(a?.stamps.science ?? []).equals(Buffer.from(r.cutoutScience as Uint8Array))).toBe(
        true,
      );
    }
  });
});

describe('Operations Rehearsal 4 parquet, schema 7.1 (50 alerts)', () => {
  const file = testDataPath('lsst', 'or4_rehearsal_v7_1.snappy.parquet');
  let alerts: LsstAlert[];
  let expected: Map<bigint, Row>;
  beforeAll(async () => {
    ({ alerts } = await readAll(file));
    const rows = await sql(expectedSql('alertId'), [file]);
    expected = new Map(rows.map((r) => [r.id as bigint, r]));
  });

  it('takes alertId as the diaSourceId, with exact ids, values and list lengths', () => {
    expect(alerts).toHaveLength(50);
    expect(expected.size).toBe(50);
    for (const a of alerts) {
      const e = expected.get(a.diaSourceId);
      expect(e, String(a.diaSourceId)).toBeDefined();
      expect(a.diaObjectId).toBe(e?.objectId);
      expect(a.source['r:psfFlux']).toBe(e?.flux);
      expect(a.history).toHaveLength(Number(e?.nprv));
      expect(a.forced).toHaveLength(Number(e?.nforced));
      expect(a.night).toBe(e?.night);
      expect(a.object?.['r:diaObjectId']).toBe(e?.objectId);
    }
  });

  it('infers schema 7.1 from the fields (the file does not name its version)', () => {
    expect(new Set(alerts.map((a) => a.schemaVersion))).toEqual(new Set(['lsst.v7_1']));
    expect(alerts[0].columns.source.some((c) => c.name === 'r:x_y_Cov')).toBe(true);
    expect(alerts[0].columns.forced.map((c) => c.name)).toContain('r:ra');
  });
});

describe("Fink's LSST parquet schemas 7.4, 9.0, 10.0 (empty files)", () => {
  it.each(['7_4', '9_0', '10_0'])(
    'lsst.v%s: catalogue from the parquet schema, version from its fields',
    async (v) => {
      const file = testDataPath('lsst', 'fink-broker_parquet_schemas', `lsst.v${v}.parquet`);
      const events = [];
      for await (const ev of readLsstParquetFile(file)) events.push(ev);
      expect(events).toEqual([]);

      const instance = await DuckDBInstance.create(':memory:');
      const conn = await instance.connect();
      const empty = await conn.run('SELECT * FROM read_parquet($1) LIMIT 0', [file]);
      const names = empty.columnNames();
      const types = empty.columnTypes();
      conn.closeSync();
      instance.closeSync();
      const columns = lsstColumnsFromParquetSchema(names, types);
      expect(inferLsstVersion(shapeFromDuckDbColumns(names, types))).toBe(`lsst.v${v}`);

      // the diaSource struct's fields, from the file's physical schema (parquet_schema lists a group's children
      // after it)
      const schema = await sql('SELECT name, num_children FROM parquet_schema($1)', [file]);
      const at = schema.findIndex((r) => r.name === 'diaSource');
      const children = schema
        .slice(at + 1, at + 1 + Number(schema[at].num_children))
        .map((r) => `r:${r.name}`);
      expect(columns.source.map((c) => c.name).slice(0, children.length)).toEqual(children);
      expect(columns.history.map((c) => c.name)).toEqual(children);
      expect(columns.source.find((c) => c.name === 'r:diaObjectId')?.type).toBe('long');
    },
  );
});
