/**
 * What the queries share about objects: the query function the server implements, and the ZTF object id
 * pattern (a full id is matched exactly, anything shorter as a prefix). Objects themselves are read from object
 * blocks (data/queries/object-blocks.ts), found with the server's in-memory object index.
 */
import type { DuckDBValue } from '@duckdb/node-api';

/** Runs SQL with parameters; implemented by the server's store reader. */
export type QueryFn = (sql: string, params: DuckDBValue[]) => Promise<Record<string, unknown>[]>;

/** Full ZTF object ids are matched exactly; shorter ids are prefixes (as the reference's row-key scans). */
export const ZTF_OBJECT_ID = /^ZTF\d{2}[a-z]{7}$/;
