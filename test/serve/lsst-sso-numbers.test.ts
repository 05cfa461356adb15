/**
 * IAU numbers and names of LSST Solar System objects, read offline from the MPC orbit JSON of Rubin's alerts
 * (`mpc_orbits.mpc_orb_jsonb`, schema 10.0) in place of Fink's SsODNet look-up (`rockify`): the `sso` part's
 * `v:ssoNumber` / `v:ssoName`, the SSOFT's `sso_number` / `sso_name`, `/api/v1/ssoft?sso_number=` and
 * `/api/v1/sso` by number. Stores: the two-night store (Rubin's parquet sample, without the JSON, and Fink's 7
 * transferred alerts, with it), and Fink's alerts rewritten with broken JSON. Expected values are read from the
 * Avro file by avsc and JSON.parse, never from the store.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import avro from 'avsc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bigintLongType,
  LSST_PART_FILES,
  readCatalog,
  type StoreLayout,
  sqlPathLiteral,
} from '../../data/index.js';
import { buildLsstSsoft } from '../../data/jobs/index.js';
import { readHeader } from '../../ingest/decode/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { ssoIdentitySql } from '../../ingest/publish/lsst-sso-identity.js';
import { writeAvroContainer } from '../support/avro-container.js';
import { type AvroRecord, avscLsstRecords } from '../support/lsst-avro-records.js';
import type { LsstFixtureApp } from '../support/lsst-fixture-store.js';
import { LSST_FINK_FILE, openLsstTwoNightApp } from '../support/lsst-two-night-store.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const VERSION = '2026.11';

/** One Solar System alert of Fink's file, as avsc and JSON.parse read it. */
interface Truth {
  readonly diaSourceId: string;
  readonly designation: string;
  readonly permid: string;
  readonly iauName: string;
}

let records: AvroRecord[];

/** A Solar System alert of Fink's transfer: its (always present) mpc_orbits record names an object. */
const isSso = (r: AvroRecord): boolean => (r.mpc_orbits as AvroRecord | null)?.designation != null;
let truth: Truth[];
let fixture: LsstFixtureApp;

/** Rows of the `sso.parquet` files of every part of a store. */
async function ssoRows(layout: StoreLayout): Promise<Record<string, unknown>[]> {
  const files = readCatalog(layout)
    .parts.map((p) => path.join(layout.partDir(p.id), LSST_PART_FILES.sso))
    .filter((f) => fs.existsSync(f));
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    const list = files.map(sqlPathLiteral).join(', ');
    return (
      await conn.runAndReadAll(
        `SELECT CAST("r:diaSourceId" AS VARCHAR) AS id, "v:ssoNumber" AS num, "v:ssoName" AS name
         FROM read_parquet([${list}], union_by_name = true)`,
      )
    ).getRowObjectsJS();
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

async function post(route: string, body: Record<string, unknown>): Promise<Response> {
  return fixture.app.request(route, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  records = await avscLsstRecords(testDataPath(...LSST_FINK_FILE));
  truth = records
    .filter(isSso)
    .map((r) => {
      const mpc = r.mpc_orbits as AvroRecord;
      const json = JSON.parse(String(mpc.mpc_orb_jsonb)) as {
        designation_data: { permid: string; iau_name: string };
      };
      return {
        diaSourceId: String(r.diaSourceId),
        designation: String(mpc.unpacked_primary_provisional_designation),
        permid: json.designation_data.permid,
        iauName: json.designation_data.iau_name,
      };
    })
    .sort((a, b) => a.designation.localeCompare(b.designation));
  fixture = await openLsstTwoNightApp();
}, 180_000);

afterAll(() => fixture?.close());

describe("the alerts' MPC orbit JSON", () => {
  it('names a numbered 2004 JQ12 and an unnumbered 2020 SJ88, both unnamed', () => {
    expect(truth.map((t) => [t.designation, t.permid, t.iauName])).toEqual([
      ['2004 JQ12', '217301', ''],
      ['2020 SJ88', '', ''],
    ]);
  });
});

describe('the number and name SQL', () => {
  it('reads MPC JSON texts as rockify would: a named numbered asteroid, a comet, a bad permid, no JSON', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      const texts = [
        '{"designation_data": {"permid": "1", "iau_name": "Ceres"}}',
        '{"designation_data": {"permid": "1P", "iau_name": "Halley"}}',
        '{"designation_data": {"permid": "12a", "iau_name": " "}}',
        '{"designation_data": {"permid": 433, "iau_name": ["Eros"]}}',
        '[1, 2',
        null,
      ];
      const values = texts.map((t) => `(${t === null ? 'NULL' : `'${t}'`})`).join(', ');
      const rows = (
        await conn.runAndReadAll(`SELECT ${ssoIdentitySql('j')} FROM (VALUES ${values}) v(j)`)
      ).getRows();
      expect(rows.map(([n, name]) => [n === null ? null : Number(n), name])).toEqual([
        [1, 'Ceres'],
        [null, 'Halley'],
        [null, null],
        [null, null],
        [null, null],
        [null, null],
      ]);
      const none = (await conn.runAndReadAll(`SELECT ${ssoIdentitySql(null)}`)).getRows();
      expect(none).toEqual([[null, null]]);
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });
});

describe('LSST publication', () => {
  it("writes each Solar System detection's number (all-digit permid) and name (non-empty iau_name)", async () => {
    const rows = await ssoRows(fixture.layout);
    // the parquet sample's three (no JSON: schema fields null) and Fink's two
    expect(rows).toHaveLength(5);
    for (const t of truth) {
      const row = rows.find((r) => r.id === t.diaSourceId);
      expect(row, t.designation).toBeDefined();
      expect(row?.num === null ? null : Number(row?.num)).toBe(
        /^\d+$/.test(t.permid) ? Number(t.permid) : null,
      );
      expect(row?.name).toBe(t.iauName === '' ? null : t.iauName);
    }
    const others = rows.filter((r) => !truth.some((t) => t.diaSourceId === r.id));
    expect(others).toHaveLength(3);
    for (const r of others) expect([r.num, r.name]).toEqual([null, null]);
  });

  it('gives nulls, and publishes, when the JSON does not parse or lacks the fields', async () => {
    const schemaText = readHeader(fs.readFileSync(testDataPath(...LSST_FINK_FILE)))?.schemaText ?? '';
    const type = avro.Type.forSchema(JSON.parse(schemaText), { registry: { long: bigintLongType } });
    const broken = ['{"designation_data": {"permid": "217301"', '{"designation_data": {"permid": ["1"]}}'];
    let n = 0;
    const rewritten = records.map((r) =>
      !isSso(r) ? r : { ...r, mpc_orbits: { ...(r.mpc_orbits as AvroRecord), mpc_orb_jsonb: broken[n++] } },
    );
    expect(n).toBe(2);
    const layout = tempStore('skyalert-lsst-badjson-');
    try {
      const file = path.join(layout.root, 'broken.avro');
      await writeAvroContainer(file, type, rewritten);
      const summary = await ingestFiles(layout, [file], { ingesterId: 'bad', log: testLog, publish: true });
      expect(summary.staged).toBe(7);
      expect(summary.published).toHaveLength(1);
      const rows = await ssoRows(layout);
      expect(rows.map((r) => r.id).sort()).toEqual(truth.map((t) => t.diaSourceId).sort());
      for (const r of rows) expect([r.num, r.name]).toEqual([null, null]);
    } finally {
      fs.rmSync(layout.root, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('LSST SSOFT and sso by number', () => {
  beforeAll(async () => {
    // one detection per object in these files: a minimum of 1 gives every object its row (as lsst-ssoft.test.ts)
    const summary = await buildLsstSsoft(fixture.layout, {
      version: VERSION,
      flavors: ['HG'],
      minDetections: 1,
      log: testLog,
    });
    expect(summary.objects).toBe(5);
  }, 120_000);

  it("gives each SSOFT row rockify's number and name: the number or null, the IAU name else the designation", async () => {
    for (const t of truth) {
      const rows = (await (await post('/api/v1/ssoft', { sso_name: t.designation })).json()) as Record<
        string,
        unknown
      >[];
      expect(rows, t.designation).toHaveLength(1);
      expect(rows[0].designation).toBe(t.designation);
      expect(rows[0].sso_number).toBe(/^\d+$/.test(t.permid) ? Number(t.permid) : null);
      expect(rows[0].sso_name).toBe(t.iauName === '' ? t.designation : t.iauName);
    }
  });

  it('finds a numbered object by sso_number, as on ZTF stores (GET and POST)', async () => {
    const numbered = truth.find((t) => /^\d+$/.test(t.permid));
    expect(numbered?.designation).toBe('2004 JQ12');
    for (const res of [
      await fixture.app.request(`/api/v1/ssoft?sso_number=${numbered?.permid}`),
      await post('/api/v1/ssoft', { sso_number: Number(numbered?.permid) }),
    ]) {
      expect(res.status).toBe(200);
      const rows = (await res.json()) as Record<string, unknown>[];
      expect(rows.map((r) => [r.designation, r.sso_number])).toEqual([
        [numbered?.designation, Number(numbered?.permid)],
      ]);
    }
    expect(await (await post('/api/v1/ssoft', { sso_number: 217302 })).json()).toEqual([]);
  });

  it('finds the detections of an object by its number on /api/v1/sso', async () => {
    const numbered = truth.find((t) => /^\d+$/.test(t.permid));
    const rows = (await (
      await post('/api/v1/sso', { n_or_d: numbered?.permid, columns: 'r:diaSourceId' })
    ).text()) as string;
    expect(rows).toContain(`"r:diaSourceId":${numbered?.diaSourceId}`);
    expect(JSON.parse(rows)).toHaveLength(1);
    expect(JSON.parse(rows)[0]['f:sso_name']).toBe(numbered?.designation);
    // a number no object has finds nothing
    expect(await (await post('/api/v1/sso', { n_or_d: '217302' })).json()).toEqual([]);
  });
});
