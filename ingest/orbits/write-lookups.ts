/**
 * Writes the two lookup files of an orbit catalogue version (data/orbit-catalogue.ts) from the loader's work
 * tables `names` (key, packed, id) and `merged` (one row per object), streamed in key order by chunks so that
 * memory stays bounded by DuckDB's limit and one block per file.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  createLookupFileWriter,
  encodeNameIds,
  LOOKUP_BLOCK_BYTES,
  type NameLookupEntry,
  ORBIT_ROW_JSON_SQL,
} from '../../data/index.js';

/** Streams `sql` chunk by chunk, calling `row` with the columns of a chunk and a row index. */
async function eachRow(
  conn: DuckDBConnection,
  sql: string,
  row: (columns: unknown[][], i: number) => void,
): Promise<void> {
  const result = await conn.stream(sql);
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    const columns = chunk.getColumns();
    const rows = chunk.rowCount;
    for (let i = 0; i < rows; i++) row(columns, i);
  }
}

/**
 * Writes `names.lookup` (each distinct key → its ids, smallest first) and `orbits.lookup` (id → row).
 * Keys are sorted by DuckDB's binary VARCHAR order, which is the files' UTF-8 byte order.
 * @param blockBytes uncompressed bytes per block of both files.
 */
export async function writeOrbitLookups(
  conn: DuckDBConnection,
  target: { nameLookup: string; orbitLookup: string },
  blockBytes = LOOKUP_BLOCK_BYTES,
): Promise<void> {
  const names = createLookupFileWriter(target.nameLookup, blockBytes);
  try {
    let key: string | null = null;
    let entries: NameLookupEntry[] = [];
    await eachRow(conn, 'SELECT key, packed, id FROM names ORDER BY key, id', ([keys, packed, ids], i) => {
      if (keys[i] !== key) {
        if (key !== null) names.add(key, encodeNameIds(entries));
        key = String(keys[i]);
        entries = [];
      }
      entries.push({ id: String(ids[i]), packed: packed[i] === true });
    });
    if (key !== null) names.add(key, encodeNameIds(entries));
  } finally {
    names.close();
  }
  const orbits = createLookupFileWriter(target.orbitLookup, blockBytes);
  try {
    await eachRow(conn, `SELECT id, ${ORBIT_ROW_JSON_SQL} AS v FROM merged ORDER BY id`, ([ids, values], i) =>
      orbits.add(String(ids[i]), String(values[i])),
    );
  } finally {
    orbits.close();
  }
}
