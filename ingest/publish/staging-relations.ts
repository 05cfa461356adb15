/**
 * The staging files of a publication read into its work database: attached read-only, their fingerprints and
 * which of them hold committed alerts, then the relations a part is written from (alerts, upper limits and
 * bad-quality points, the stamps' references into the part's `stamps.bin`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { STAMP_REF_COLUMNS, STAMPS_FILE, sqlPathLiteral, stagingAlertsSelectList } from '../../data/index.js';
import { MIN_RB, stagedFingerprint, stampsFileOf } from '../stage/index.js';
import { makePartStamps } from './part-stamps.js';

/** SQL condition of a valid alert: the quality cut of the reference (§3.1, quality cuts). */
export const VALID_ALERT_SQL = `(coalesce(i_nbad, 0) = 0 AND coalesce(i_rb, 1) >= ${MIN_RB} AND coalesce(i_fid, 1) <> 3)`;

/** Where one ingester's staged rows of a night are. */
export interface StagingInput {
  /** The DuckDB file: the night's own, or its month's shared file. */
  readonly file: string;
  readonly night: number;
  /** The night's own file path (`staging/<night>/<ingester>.duckdb`), which names its stamps and version files. */
  readonly key: string;
  /** Whether `file` is a month's shared file, holding other nights too (its rows carry their night). */
  readonly shared: boolean;
}

/** What {@link attachStagingFiles} found. */
export interface AttachedInputs {
  /** Each night's staged-content fingerprint, read while its files are attached. */
  readonly fingerprints: Map<number, string>;
  /** The inputs with committed alerts, each with its database name and the columns of its alerts table. */
  readonly staged: readonly (StagingInput & { readonly name: string; readonly columns: Set<string> })[];
}

/**
 * The inputs grouped by attached file (a month's shared file serves several nights), each with its position in
 * `inputs`, and the SQL condition on `night` that selects the file's rows of those inputs ('' for a night's own
 * file: all of its rows).
 */
function byFile<T extends StagingInput & { readonly name: string }>(
  inputs: readonly T[],
): { readonly items: { readonly input: T; readonly index: number }[]; readonly where: string }[] {
  const files = new Map<string, { input: T; index: number }[]>();
  inputs.forEach((input, index) => {
    const items = files.get(input.name) ?? [];
    items.push({ input, index });
    files.set(input.name, items);
  });
  return [...files.values()].map((items) => ({
    items,
    where: items[0].input.shared
      ? ` WHERE night IN (${items.map(({ input }) => Number(input.night)).join(', ')})`
      : '',
  }));
}

/**
 * Attaches the staging files read-only, each once (which keeps ingesters from opening them meanwhile), reads
 * each night's staged-content fingerprint, and finds which inputs hold committed alerts and the columns of their
 * alerts table (`alerts` for ZTF, `lsst_sources` for LSST; one query for all: a round trip per file was ~5 ms of
 * a small night's ~50). An input without alerts (its first batches failed, or its file was created and nothing
 * committed) is left out.
 */
export async function attachStagingFiles(
  conn: DuckDBConnection,
  inputs: readonly StagingInput[],
  prefix: string,
  alertsTable: 'alerts' | 'lsst_sources' = 'alerts',
): Promise<AttachedInputs> {
  const files = [...new Set(inputs.map((i) => i.file))];
  const alias = (file: string): string => `${prefix}_s${files.indexOf(file)}`;
  for (const file of files) {
    try {
      await conn.run(`ATTACH ${sqlPathLiteral(file)} AS ${alias(file)} (READ_ONLY)`);
    } catch (err) {
      throw new Error(
        `cannot open staging file ${file} (is an ingester still writing it? it is published once the ingester closes it)`,
        { cause: err },
      );
    }
  }
  const fingerprints = new Map<number, string>();
  for (const night of new Set(inputs.map((i) => i.night)))
    fingerprints.set(night, stagedFingerprint(inputs.filter((i) => i.night === night).map((i) => i.key)));
  const reader = await conn.runAndReadAll(
    `SELECT database_name, column_name FROM duckdb_columns()
     WHERE schema_name = 'main' AND table_name = '${alertsTable}' AND starts_with(database_name, '${prefix}_s')`,
  );
  const columns = new Map<string, Set<string>>();
  for (const [db, column] of reader.getRows()) {
    const set = columns.get(String(db)) ?? new Set<string>();
    set.add(String(column));
    columns.set(String(db), set);
  }
  const withTable = inputs.flatMap((input) => {
    const cols = columns.get(alias(input.file));
    return cols ? [{ ...input, name: alias(input.file), columns: cols }] : [];
  });
  if (withTable.length === 0) return { fingerprints, staged: [] };
  const counts = await conn.runAndReadAll(
    byFile(withTable)
      .map(({ items, where }) => {
        const { name, shared, night } = items[0].input;
        return shared
          ? `SELECT '${name}' AS name, night FROM ${name}.${alertsTable}${where} GROUP BY night`
          : `SELECT '${name}' AS name, ${Number(night)} AS night FROM (SELECT 1 FROM ${name}.${alertsTable} LIMIT 1)`;
      })
      .join(' UNION ALL '),
  );
  const nonEmpty = new Set(counts.getRowObjects().map((r) => `${String(r.name)}:${Number(r.night)}`));
  return { fingerprints, staged: withTable.filter((f) => nonEmpty.has(`${f.name}:${f.night}`)) };
}

/**
 * Prepares the relations a part is written from, from the attached staging files with alerts: `staged`, `st`,
 * `p_alerts`, `p_upperlim`, `p_cutouts`. Upper limits are deduplicated per night, as in a part per night.
 */
export async function prepareRelations(
  conn: DuckDBConnection,
  inputs: AttachedInputs['staged'],
  partDir: string,
): Promise<void> {
  // one scan per file; a file staged with an earlier catalogue reads as the current one (its later Fink fields
  // null); `staging_file` is the input of each row (its stamps file)
  const files = byFile(inputs);
  const staged = files
    .map(({ items, where }) => {
      const { input } = items[0];
      const which =
        items.length === 1
          ? `${items[0].index}`
          : `CASE night ${items.map((i) => `WHEN ${Number(i.input.night)} THEN ${i.index}`).join(' ')} END`;
      return `SELECT ${stagingAlertsSelectList(input.columns)}, ${which} AS staging_file FROM ${input.name}.alerts${where}`;
    })
    .join(' UNION ALL ');
  // a shared file's history rows end with their night
  const history = files
    .map(({ items, where }) => {
      const { input } = items[0];
      return input.shared
        ? `SELECT * FROM ${input.name}.history${where}`
        : `SELECT *, ${Number(input.night)}::INTEGER AS night FROM ${input.name}.history`;
    })
    .join(' UNION ALL ');
  // a candid's night is that of its jd: only a night staged by several ingesters can hold one twice
  const severalPerNight = new Set(inputs.map((f) => f.night)).size < inputs.length;
  const dedup = severalPerNight
    ? 'QUALIFY row_number() OVER (PARTITION BY i_candid ORDER BY source) = 1'
    : '';
  // one staging file per night (the usual case) needs no deduplication: a view, and the alerts are copied once
  const kind = severalPerNight ? 'TABLE' : 'VIEW';
  await conn.run(`CREATE TEMP ${kind} staged AS SELECT * FROM (${staged}) ${dedup}`);
  await conn.run(
    `CREATE TEMP TABLE st AS SELECT * EXCLUDE (${STAMP_REF_COLUMNS.join(', ')}, source, staging_file),
       ${VALID_ALERT_SQL} AS valid FROM staged`,
  );
  await conn.run('CREATE TEMP VIEW p_alerts AS SELECT * EXCLUDE (valid) FROM st WHERE valid');
  // a table: the part file, its count and the object blocks read it (the union and its window once, not 4 times)
  await conn.run(`CREATE TEMP TABLE p_upperlim AS
    SELECT * FROM (
      SELECT objectId, jd, fid, magpsf, sigmapsf, diffmaglim, magnr, sigmagnr, isdiffpos, distnr, rb, nbad,
             CASE WHEN magpsf IS NULL THEN 'upperlim' ELSE 'badquality' END AS tag, night
      FROM (${history})
      UNION ALL
      SELECT i_objectId, i_jd, i_fid, i_magpsf, i_sigmapsf, i_diffmaglim, i_magnr, i_sigmagnr, i_isdiffpos,
             i_distnr, i_rb, i_nbad, 'badquality', night FROM st WHERE NOT valid
    ) QUALIFY row_number() OVER (PARTITION BY night, objectId, jd, fid ORDER BY tag DESC) = 1`);
  fs.mkdirSync(partDir, { recursive: true });
  await loadCutouts(
    conn,
    inputs.map((i) => stampsFileOf(i.key)),
    path.join(partDir, STAMPS_FILE),
  );
  await conn.run('CREATE TEMP VIEW p_cutouts AS SELECT * FROM cut');
}

/** Makes the part's `stamps.bin` (part-stamps.ts) and fills table `cut` with each alert's references into it. */
async function loadCutouts(
  conn: DuckDBConnection,
  stampsFiles: readonly string[],
  stampsPath: string,
): Promise<void> {
  await conn.run(`CREATE TABLE cut (i_objectId VARCHAR, i_candid BIGINT, i_jd DOUBLE, night INTEGER,
                  stamp_offset BIGINT, ${STAMP_REF_COLUMNS.slice(1)
                    .map((c) => `${c} INTEGER`)
                    .join(', ')})`);
  await makePartStamps(conn, stampsFiles, stampsPath, {
    table: 'cut',
    insertLinkedSql: `INSERT INTO cut SELECT i_objectId, i_candid, i_jd, night, ${STAMP_REF_COLUMNS.join(', ')} FROM staged`,
    selectToCopySql: `SELECT i_objectId, i_candid, i_jd, night, staging_file, ${STAMP_REF_COLUMNS.join(', ')}
                      FROM staged ORDER BY i_objectId, i_jd`,
    keyKinds: ['string', 'long', 'double', 'int'],
  });
}
