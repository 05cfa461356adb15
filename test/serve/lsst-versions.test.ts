/**
 * An LSST server follows the store's catalog versions: a new version with a second part is served after a
 * refresh, without a restart; across parts, the newest part's diaObject record wins and a diaSource held by two
 * parts is answered once, an alert's own row winning over a history row.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalog,
  LSST_PART_FILES,
  LSST_SKY_INDEX_FILE,
  readCatalog,
  sqlPathLiteral,
} from '../../data/index.js';
import { writeLsstObjectBlocks } from '../../ingest/publish/lsst-object-blocks-writer.js';
import { writeSkyIndex } from '../../ingest/publish/lsst-part-merge.js';
import { writeNextCatalog } from '../../ingest/publish/object-index.js';
import { type LsstFixtureApp, openLsstFixtureApp } from '../support/lsst-fixture-store.js';
import { sql } from '../support/sql.js';

const OID = '169738309211783177';
const SECOND_PART = 'lsst-20251231-0002';
let fx: LsstFixtureApp;

beforeAll(async () => {
  fx = await openLsstFixtureApp();
}, 60_000);
afterAll(() => fx?.close());

async function post(route: string, body: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const res = await fx.app.request(`/api/v1/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

describe('LSST catalog versions', () => {
  it('serves a new version with a second part: newest diaObject record, each diaSource once', async () => {
    const before = await post('objects', { diaObjectId: OID, columns: 'r:nDiaSources' });
    const sourcesBefore = await post('sources', { diaObjectId: OID, columns: 'r:diaSourceId,r:psfFlux' });
    const from = fx.layout.partDir(readCatalog(fx.layout).parts[0].id);
    const to = fx.layout.partDir(SECOND_PART);
    fs.mkdirSync(to, { recursive: true });
    const file = (dir: string, f: keyof typeof LSST_PART_FILES) =>
      sqlPathLiteral(path.join(dir, LSST_PART_FILES[f]));
    // the second part holds the object's record with one more source, and the same diaSources again as seen in a
    // later alert's history (v:alert false, another flux): the alerts' own rows must still be the ones answered
    await sql(`COPY (SELECT * REPLACE ("r:nDiaSources" + 1 AS "r:nDiaSources") FROM ${file(from, 'objects')}
      WHERE "r:diaObjectId" = ${OID}) TO ${file(to, 'objects')} (FORMAT parquet)`);
    await sql(
      `COPY (SELECT * REPLACE (false AS "v:alert", "r:psfFlux" + 1 AS "r:psfFlux") FROM ${file(from, 'sources')}
        WHERE "r:diaObjectId" = ${OID} AND "v:alert") TO ${file(to, 'sources')} (FORMAT parquet)`,
    );
    // with its object blocks, sky index and the catalog's object index, as publication writes them
    const current: Catalog = readCatalog(fx.layout);
    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    try {
      await writeSkyIndex(conn, path.join(to, LSST_PART_FILES.sources), path.join(to, LSST_SKY_INDEX_FILE));
      await writeLsstObjectBlocks(conn, to);
      await writeNextCatalog(conn, fx.layout, current, {
        parts: [...current.parts, { ...current.parts[0], id: SECOND_PART, cutouts: [] }],
        droppedParts: [],
        newParts: [SECOND_PART],
      });
    } finally {
      conn.closeSync();
      db.closeSync();
    }
    expect(await post('objects', { diaObjectId: OID, columns: 'r:nDiaSources' })).toEqual(before);
    await fx.reader.refresh();
    expect(fx.reader.current().version).toBe(current.version + 1);
    const after = await post('objects', { diaObjectId: OID, columns: 'r:nDiaSources' });
    expect(after).toEqual([{ 'r:nDiaSources': (before[0]['r:nDiaSources'] as number) + 1 }]);
    expect(await post('sources', { diaObjectId: OID, columns: 'r:diaSourceId,r:psfFlux' })).toEqual(
      sourcesBefore,
    );
  });
});
