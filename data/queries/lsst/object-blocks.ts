/**
 * LSST `/api/v1/objects`, `/sources` and `/fp` (and the resolvers' reads of one diaObject) from the parts' object
 * blocks (data/lsst-object-blocks.ts), their one read path: the blocks of the asked diaObjects are read (one per
 * part holding each) and the rows chosen, deduplicated and ordered in memory. The rows are matched exactly on
 * `r:diaObjectId` (not as Fink's prefix scans); `objects` keeps one row per diaObject (the newest part's),
 * `sources` and `fp` every detection or forced measurement once (by its id), newest first.
 */
import {
  decodeLsstBlock,
  type LsstBlockColumns,
  type LsstBlockTable,
  lsstBlockValue,
} from '../../lsst-object-blocks.js';
import type { ReadOnlyFiles } from '../../read-only-files.js';
import { LSST_STORE_COLUMNS } from '../../survey/index.js';
import { hasColumn, type LsstTable } from './tables.js';

/** Half-width of the match on `r:midpointMjdTai` (days, ≈ 9 ms): a time copied from an answer finds its row. */
export const MJD_MATCH_DAYS = 1e-7;

const OBJECT_ID = 'r:diaObjectId';
const TIME = 'r:midpointMjdTai';

/** A part's sky index in memory: `v:hpix29` (ascending) and `r:diaObjectId` of each alert row. */
export interface LsstSkyIndex {
  readonly hpix: BigInt64Array;
  readonly oid: BigInt64Array;
}

/** One part's blocks: its rank among the catalog's parts (1 = oldest), its blocks file and its tables' columns. */
export interface LsstBlockPart {
  readonly rank: number;
  readonly file: string;
  readonly columns: LsstBlockColumns['tables'];
  /** Its sky index (empty for a part without sources). */
  readonly sky: LsstSkyIndex;
}

/** The object blocks of a catalog version. */
export interface LsstObjectBlocks {
  /** Where the blocks of one diaObject (its id in decimal) are, one per part holding it. */
  find(
    objectId: string,
  ): readonly { readonly part: string; readonly offset: number; readonly length: number }[];
  /** The parts, by id. */
  readonly parts: ReadonlyMap<string, LsstBlockPart>;
  readonly files: ReadOnlyFiles;
}

/** The rows of one table in one block, with their part's rank and a reader of their values. */
export interface BlockTableRows {
  readonly rows: readonly (readonly unknown[])[];
  readonly rank: number;
  /** The value of column `name` of `row` as DuckDB reads it from the table (null for a column the part lacks). */
  value(row: readonly unknown[], name: string): unknown;
}

/** Where one block is. */
export interface BlockRef {
  readonly part: string;
  readonly offset: number;
  readonly length: number;
}

/**
 * The rows of the tables `tables` (by block table name) in the block `ref` (one read); a table the part has no
 * file of is left out. Values are read as the table's column types (a part's narrower or other type is cast as
 * DuckDB casts it: data/lsst-block-casts.ts).
 * @throws Error when the part is not one of the catalog version's (a programming error).
 */
export function readBlockTables(
  blocks: LsstObjectBlocks,
  ref: BlockRef,
  tables: Partial<Record<LsstBlockTable, LsstTable>>,
): Partial<Record<LsstBlockTable, BlockTableRows>> {
  const part = blocks.parts.get(ref.part);
  if (!part) throw new Error(`LSST part ${ref.part} is not one of the catalog's`);
  const out: Partial<Record<LsstBlockTable, BlockTableRows>> = {};
  const wanted = Object.keys(tables) as LsstBlockTable[];
  const decoded = blocks.files.readTransient(part.file, ref.offset, ref.length, (bytes) =>
    decodeLsstBlock(bytes, wanted),
  );
  for (const [name, table] of Object.entries(tables) as [LsstBlockTable, LsstTable][]) {
    const columns = part.columns[name];
    if (!columns) continue;
    const unionType = new Map(table.columns.map((c) => [c.name, c.sqlType]));
    const index = new Map(columns.map((c, i) => [c.name, i]));
    out[name] = {
      rows: decoded[name],
      rank: part.rank,
      value: (row, column) => {
        const i = index.get(column);
        return i === undefined
          ? null
          : lsstBlockValue(row[i], columns[i].sqlType, unionType.get(column) ?? columns[i].sqlType);
      },
    };
  }
  return out;
}

interface Candidate {
  readonly row: readonly unknown[];
  readonly held: BlockTableRows;
  readonly rank: number;
  /** 2 received as an alert, 1 not, 0 unknown (a table without `v:alert`). */
  readonly alert: number;
  readonly time: number | null;
  readonly key: unknown;
  readonly oid: unknown;
}

const compareBigints = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return (a as bigint) < (b as bigint) ? -1 : 1;
};

/** Descending order of times as DuckDB sorts DOUBLE (NaN above every number), nulls last. */
const compareTimesDesc = (a: number | null, b: number | null): number => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return b - a;
};

/**
 * The rows of `table` (block table `tableName`) whose `r:diaObjectId` is one of `ids`.
 *
 * @param key the column a row is unique on across parts (a diaSource's alert row wins over a history row, then
 *   the newest part's row): `r:diaObjectId` for objects, `r:diaSourceId` for sources, `r:diaForcedSourceId` for
 *   forced photometry.
 * @param names columns to return (each a column of the table); null for all.
 * @param atMjd keep only rows within {@link MJD_MATCH_DAYS} of this MJD (TAI); null for all.
 * @returns rows keyed by column name, newest first when the table has `r:midpointMjdTai` (then by key,
 *   descending), else by diaObjectId; [] for an empty table.
 */
export function readRowsOfObjects(
  blocks: LsstObjectBlocks,
  tableName: LsstBlockTable,
  table: LsstTable,
  key: string,
  ids: readonly bigint[],
  names: readonly string[] | null,
  atMjd: number | null = null,
): Record<string, unknown>[] {
  if (ids.length === 0 || table.files.length === 0) return [];
  const wanted = names ?? table.columns.map((c) => c.name);
  const hasTime = hasColumn(table, TIME);
  const hasAlert = hasColumn(table, LSST_STORE_COLUMNS.alert);
  const atTime = atMjd !== null && hasTime ? atMjd : null;
  const kept = new Map<unknown, Candidate>();
  for (const id of new Set(ids.map(String))) {
    for (const ref of blocks.find(id)) {
      const held = readBlockTables(blocks, ref, { [tableName]: table })[tableName];
      if (!held) continue;
      for (const row of held.rows) {
        const time = hasTime ? (held.value(row, TIME) as number | null) : null;
        if (atTime !== null && (time === null || !(Math.abs(time - atTime) <= MJD_MATCH_DAYS))) continue;
        const alert = hasAlert ? held.value(row, LSST_STORE_COLUMNS.alert) : null;
        const candidate: Candidate = {
          row,
          held,
          rank: held.rank,
          alert: alert === true ? 2 : alert === false ? 1 : 0,
          time,
          key: held.value(row, key),
          oid: held.value(row, OBJECT_ID),
        };
        // a diaSource received as an alert wins over a history row, then the newest part
        const before = kept.get(candidate.key);
        if (
          !before ||
          candidate.alert > before.alert ||
          (candidate.alert === before.alert && candidate.rank > before.rank)
        )
          kept.set(candidate.key, candidate);
      }
    }
  }
  const chosen = [...kept.values()];
  chosen.sort(
    hasTime
      ? (a, b) => compareTimesDesc(a.time, b.time) || compareBigints(b.key, a.key)
      : (a, b) => compareBigints(a.oid, b.oid),
  );
  // the values of the rows kept only
  return chosen.map((c) => Object.fromEntries(wanted.map((n) => [n, c.held.value(c.row, n)])));
}
