/**
 * The orbit catalogue's lookup files answer exactly as DuckDB over its parquet files: the real orbit files of
 * test/data/orbits are loaded once, then names, ssnamenr values and ids are resolved through the lookup
 * files and compared with the test's own SQL over the parquet files and with the batches of more than 500
 * values (answered through DuckDB). A catalogue without lookup files (written before they existed) is refused.
 */
import fs from 'node:fs';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ztfSsnamenrSpellings } from '../../compute/sso/catalogue/index.js';
import { currentOrbitCatalogue, type OrbitCatalogueFiles } from '../../data/orbit-catalogue.js';
import {
  identifySsnamenr,
  OrbitCatalogueFormatError,
  readOrbitsByIds,
  resolveSso,
} from '../../data/queries/index.js';
import type { QueryFn } from '../../data/queries/objects.js';
import { loadOrbitFiles } from '../../ingest/orbits/index.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const ORBIT_FILES = [
  'jpl_sbdb_asteroids_kstars.json',
  'jpl_sbdb_comets_kstars.json',
  'skyfield_CometEls.txt',
  'skyfield_MPCORB.excerpt.DAT',
].map((f) => testDataPath('orbits', f));

const layout = tempStore('skyalert-orbit-lookups-');
let db: DuckDBInstance;
let conn: DuckDBConnection;
const query: QueryFn = async (sql, params) => (await conn.runAndReadAll(sql, params)).getRowObjectsJS();
/** The query function given with the lookup files: they alone must answer. */
const noSql: QueryFn = async (sql) => {
  throw new Error(`no SQL expected with lookup files: ${sql}`);
};
let files: OrbitCatalogueFiles;
let parquetOnly: OrbitCatalogueFiles;
let keys: { key: string; id: string }[];

beforeAll(async () => {
  db = await DuckDBInstance.create(':memory:');
  conn = await db.connect();
  await loadOrbitFiles(layout, ORBIT_FILES, testLog);
  const published = currentOrbitCatalogue(layout);
  if (!published) throw new Error('no orbit catalogue published');
  files = published;
  parquetOnly = {
    ...files,
    nameLookup: `${files.nameLookup}.absent`,
    orbitLookup: `${files.orbitLookup}.absent`,
  };
  keys = (await query(`SELECT key, id FROM read_parquet('${files.names}') ORDER BY key, id`, [])).map(
    (r) => ({
      key: String(r.key),
      id: String(r.id),
    }),
  );
}, 120_000);

afterAll(() => {
  conn.closeSync();
  db.closeSync();
  fs.rmSync(layout.root, { recursive: true, force: true });
});

describe('orbit catalogue lookup files', () => {
  it('are published in the version directory beside the parquet files', () => {
    expect(fs.readdirSync(layout.orbitsVersionDir(files.version)).sort()).toEqual([
      'names.lookup',
      'names.parquet',
      'orbits.lookup',
      'orbits.parquet',
    ]);
    // 10,866 objects (orbits-load.test.ts), each with its number, name, designation and ZTF spellings
    expect(keys.length).toBeGreaterThan(30_000);
  });

  it('resolve every 1000th key and the last, upper-cased and spaced variants, and unknown texts as DuckDB does', async () => {
    const inputs = [
      '1',
      1,
      'Ceres',
      'A801 AA',
      '10P',
      'C/2020 V2',
      'CK20V020',
      'Cere',
      '0000',
      '1P/',
      'K10J69O',
    ];
    // ~35 keys of every kind (numbers, names, designations, packed forms, ZTF spellings: keys are sorted), each
    // answered twice through DuckDB on the catalogue without lookup files (the costly side: ~10 ms a query)
    const sampled = keys.filter((_, i) => i % 1000 === 0 || i === keys.length - 1);
    for (const { key } of sampled) inputs.push(key, key.toUpperCase(), `${key} `, `${key}x`);
    let found = 0;
    // the oracle: the smallest id of the folded key (not packed) or of the exact text (packed), then its orbit
    // as a batch of more than 500 ids reads it through DuckDB
    const oracleIds = await Promise.all(
      inputs.map(async (q) => {
        const folded = String(q).replace(/\s+/g, '').toLowerCase();
        const exact = String(q).replace(/\s+/g, '');
        const [row] = await query(
          `SELECT min(id) AS id FROM read_parquet('${files.names}')
           WHERE (key = $1 AND NOT packed) OR (key = $2 AND packed)`,
          [folded, exact],
        );
        return row?.id === null || row?.id === undefined ? null : String(row.id);
      }),
    );
    const allIds = [...new Set(keys.map((k) => k.id))];
    expect(allIds.length).toBeGreaterThan(500);
    const viaDuckDb = await readOrbitsByIds(query, files, allIds);
    for (const [i, q] of inputs.entries()) {
      const fast = resolveSso(files, q);
      const id = oracleIds[i];
      expect(fast, String(q)).toEqual(id === null ? null : viaDuckDb.get(id));
      if (fast) found++;
    }
    expect(found).toBeGreaterThan(inputs.length / 2);
  }, 120_000);

  it('identify ZTF ssnamenr values and read orbits by id as DuckDB does', async () => {
    const ids = [...new Set(keys.map((k) => k.id))].filter((_, i) => i % 60 === 0);
    const byId = await readOrbitsByIds(noSql, files, [...ids, 'no such id']);
    expect(byId.size).toBe(ids.length);
    // a batch of more than 500 ids, read through DuckDB
    const padded = [...ids, ...Array.from({ length: 501 }, (_, i) => `no such id ${i}`)];
    expect(byId).toEqual(await readOrbitsByIds(query, files, padded));
    const ssnamenrs = [...byId.values()].flatMap((o) => ztfSsnamenrSpellings(o)).concat(['unknown', ' ', '']);
    expect(ssnamenrs.length).toBeLessThan(500); // the batch size answered from the lookup files
    const identified = await identifySsnamenr(noSql, files, ssnamenrs);
    expect(identified.size).toBeGreaterThan(ids.length);
    const unknown = Array.from({ length: 501 }, (_, i) => `unknown${i}`);
    expect(identified).toEqual(await identifySsnamenr(query, files, [...ssnamenrs, ...unknown]));
  }, 120_000);

  it('are required: a catalogue written before them is refused, saying how to migrate it', async () => {
    const refused = /no lookup file .*names\.lookup\.absent.*skyalert orbits load/;
    expect(() => resolveSso(parquetOnly, 'Ceres')).toThrow(OrbitCatalogueFormatError);
    expect(() => resolveSso(parquetOnly, 'Ceres')).toThrow(refused);
    await expect(identifySsnamenr(noSql, parquetOnly, ['2002MA6'])).rejects.toThrow(refused);
    await expect(readOrbitsByIds(noSql, parquetOnly, ['1'])).rejects.toThrow(OrbitCatalogueFormatError);
  });
});
