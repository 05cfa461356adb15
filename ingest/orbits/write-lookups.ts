/**
 * Writes the two lookup files of an orbit catalogue version (data/orbit-catalogue.ts) from the loader's work
 * tables `names` (key, packed, id) and `merged` (one row per object), streamed in key order by chunks so that
 * memory stays bounded by DuckDB's limit and one block per file.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { createLookupFileWriter } from '../../data/lookup-file.js';
import {
  encodeNameIds,
  encodeOrbitRow,
  type NameLookupEntry,
  ORBIT_COLUMN_NAMES,
} from '../../data/orbit-catalogue.js';

/** Streams `sql` chunk by chunk, calling `row` with each row's values. */
async function eachRow(conn: DuckDBConnection, sql: string, row: (values: unknown[]) => void): Promise<void> {
  const result = await conn.stream(sql);
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    for (const values of chunk.getRows()) row(values);
  }
}

/**
 * Writes `names.lookup` (each distinct key → its ids, smallest first) and `orbits.lookup` (id → row).
 * Keys are sorted by DuckDB's binary VARCHAR order, which is the files' UTF-8 byte order.
 */
export async function writeOrbitLookups(
  conn: DuckDBConnection,
  target: { nameLookup: string; orbitLookup: string },
): Promise<void> {
  const names = createLookupFileWriter(target.nameLookup);
  try {
    let key: string | null = null;
    let entries: NameLookupEntry[] = [];
    await eachRow(conn, 'SELECT key, packed, id FROM names ORDER BY key, id', ([k, packed, id]) => {
      if (k !== key) {
        if (key !== null) names.add(key, encodeNameIds(entries));
        key = String(k);
        entries = [];
      }
      entries.push({ id: String(id), packed: packed === true });
    });
    if (key !== null) names.add(key, encodeNameIds(entries));
  } finally {
    names.close();
  }
  const orbits = createLookupFileWriter(target.orbitLookup);
  try {
    const columns = ORBIT_COLUMN_NAMES.join(', ');
    await eachRow(conn, `SELECT ${columns} FROM merged ORDER BY id`, (values) =>
      orbits.add(String(values[0]), encodeOrbitRow(values)),
    );
  } finally {
    orbits.close();
  }
}
