/**
 * Reads fink-fat outputs into two temporary DuckDB tables of one load: `b_orb` (orbits from `orbital.parquet`)
 * and `b_lc` (linked detections from `trajectory_orb.parquet`), renamed and typed after the candidate catalogue,
 * each row tagged with its input number (`src`, later inputs win) and its place in the batch (`seq`).
 *
 * Reference: docs/references.md#ssocand-columns (columns), #ssocand-id (fink-fat `trajectory_id` before ids are given).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  DUCKDB_TYPE,
  SSOCAND_LIGHTCURVE_COLUMNS,
  SSOCAND_ORBIT_COLUMNS,
  type SsoCandColumn,
  sqlIdentifier,
} from '../../data/index.js';

/** File names of fink-fat's outputs inside a directory. */
export const FINK_FAT_FILES = { orbits: 'orbital.parquet', lightcurves: 'trajectory_orb.parquet' } as const;

/** Which table a fink-fat file feeds. */
export type SsoCandTable = keyof typeof FINK_FAT_FILES;

/** A problem with the files given to a load (missing, unknown, lacking columns): nothing was written. */
export class SsoCandInputError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SsoCandInputError';
  }
}

/** One input file and the table it feeds. */
export interface SsoCandInput {
  readonly file: string;
  readonly table: SsoCandTable;
}

/** fink-fat's name of the local trajectory number, present before ssoCandIds are given. */
const TRAJECTORY_ID = 'trajectory_id';

function tableDefinition(name: string, columns: readonly SsoCandColumn[]): string {
  const cols = columns.map((c) => `${c.storage} ${DUCKDB_TYPE[c.type]}`).join(', ');
  return `CREATE TEMP TABLE ${name} (seq BIGINT, src INTEGER, trajectory_id BIGINT, ${cols})`;
}

/** Creates the empty batch tables `b_orb` and `b_lc` on a connection. */
export async function createBatchTables(conn: DuckDBConnection): Promise<void> {
  await conn.run(tableDefinition('b_orb', SSOCAND_ORBIT_COLUMNS));
  await conn.run(tableDefinition('b_lc', SSOCAND_LIGHTCURVE_COLUMNS));
}

async function fileColumns(conn: DuckDBConnection, file: string): Promise<Set<string>> {
  try {
    const reader = await conn.runAndReadAll('SELECT name FROM parquet_schema($1)', [file]);
    return new Set(reader.getRowObjectsJS().map((r) => String(r.name)));
  } catch (err) {
    throw new SsoCandInputError(`${file} is not a readable parquet file`, { cause: err });
  }
}

/** The table a file feeds, from its columns: `ref_epoch` → orbits, `assoc_tag` → lightcurves. */
function tableOfColumns(columns: ReadonlySet<string>): SsoCandTable | null {
  if (columns.has('ref_epoch')) return 'orbits';
  if (columns.has('assoc_tag') && columns.has('jd')) return 'lightcurves';
  return null;
}

/**
 * The inputs of a load, in the order given: a directory stands for the fink-fat files it holds
 * ({@link FINK_FAT_FILES}, at least one), a file for itself (its table recognised from its columns).
 *
 * @throws SsoCandInputError when a path does not exist, a directory holds neither file, or a file is neither.
 */
export async function resolveInputs(
  conn: DuckDBConnection,
  paths: readonly string[],
): Promise<SsoCandInput[]> {
  const inputs: SsoCandInput[] = [];
  for (const p of paths) {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (stat === undefined) throw new SsoCandInputError(`${p} does not exist`);
    if (stat.isDirectory()) {
      const found = (Object.entries(FINK_FAT_FILES) as [SsoCandTable, string][])
        .map(([table, name]) => ({ table, file: path.join(p, name) }))
        .filter((i) => fs.existsSync(i.file));
      if (found.length === 0)
        throw new SsoCandInputError(
          `${p} holds neither ${FINK_FAT_FILES.orbits} nor ${FINK_FAT_FILES.lightcurves}`,
        );
      inputs.push(...found);
      continue;
    }
    const table = tableOfColumns(await fileColumns(conn, p));
    if (table === null)
      throw new SsoCandInputError(
        `${p} is neither a fink-fat orbit file (column ref_epoch) nor a trajectory file (columns jd, assoc_tag)`,
      );
    inputs.push({ file: p, table });
  }
  return inputs;
}

/**
 * Appends one input file to its batch table (`b_orb` or `b_lc`): every catalogue column read from its fink-fat
 * name and cast to the catalogue type; `ssoCandId` null when the file has none (or an empty one), to be given
 * by the loader; `trajectory_id` kept when present.
 *
 * @param src the input's number in the load (later inputs replace earlier ones).
 * @returns rows appended.
 * @throws SsoCandInputError naming the file and the first missing column.
 */
export async function appendInput(conn: DuckDBConnection, input: SsoCandInput, src: number): Promise<number> {
  const columns = await fileColumns(conn, input.file);
  const catalogue = input.table === 'orbits' ? SSOCAND_ORBIT_COLUMNS : SSOCAND_LIGHTCURVE_COLUMNS;
  const target = input.table === 'orbits' ? 'b_orb' : 'b_lc';
  const select = catalogue.map((c) => {
    if (columns.has(c.source)) {
      const value = `CAST(${sqlIdentifier(c.source)} AS ${DUCKDB_TYPE[c.type]})`;
      return c.storage === 'ssoCandId' ? `NULLIF(trim(${value}), '')` : value;
    }
    if (c.storage === 'ssoCandId') return 'NULL::VARCHAR';
    throw new SsoCandInputError(`${input.file} has no column ${JSON.stringify(c.source)}`);
  });
  const trajectory = columns.has(TRAJECTORY_ID) ? `CAST(${sqlIdentifier(TRAJECTORY_ID)} AS BIGINT)` : 'NULL';
  const reader = await conn.runAndReadAll(`SELECT coalesce(max(seq), 0)::BIGINT AS n FROM ${target}`);
  const offset = Number(reader.getRowObjectsJS()[0].n);
  const sql = `INSERT INTO ${target} SELECT $1::BIGINT + row_number() OVER (), $2::INTEGER, ${trajectory}, ${select.join(', ')}
               FROM read_parquet($3)`;
  try {
    const before = await countRows(conn, target);
    await conn.run(sql, [offset, src, input.file]);
    return (await countRows(conn, target)) - before;
  } catch (err) {
    throw new SsoCandInputError(`cannot read ${input.file}: ${(err as Error).message}`, { cause: err });
  }
}

/** Rows of a table or relation (a name we own). */
export async function countRows(conn: DuckDBConnection, relation: string): Promise<number> {
  const reader = await conn.runAndReadAll(`SELECT count(*)::BIGINT AS n FROM ${relation}`);
  return Number(reader.getRowObjectsJS()[0].n);
}
