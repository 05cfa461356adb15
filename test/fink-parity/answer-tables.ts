/**
 * Fink's test files read every output format into a pandas DataFrame (`pd.read_json`, `pd.read_csv`,
 * `pd.read_parquet`, astropy's VOTable parser); this reads our answers the same way, with the independent
 * readers of test/support/table-readers.ts, into rows keyed by column name (a VOTable's by its FIELD `ID`, as
 * astropy names them, e.g. `i_ra`). JSON integers of 16 digits and more (candids) are kept as their exact text.
 */
import { parseJsonExact } from '../support/input-alerts.js';
import { parseCsv, parseVotable, readParquet } from '../support/table-readers.js';

/** Output formats Fink's tests compare. */
export type OutputFormat = 'json' | 'csv' | 'parquet' | 'votable';

type Row = Record<string, unknown>;

/** The rows of an answer in `format`. */
export async function answerRows(res: Response, format: OutputFormat): Promise<Row[]> {
  switch (format) {
    case 'json':
      // 64-bit ids kept exact, as their decimal text
      return parseJsonExact(await res.text()) as Row[];
    case 'csv': {
      const [header, ...rows] = parseCsv(await res.text());
      return rows.map((r) => Object.fromEntries(header.map((name, i) => [name, r[i]])));
    }
    case 'parquet':
      return (await readParquet(new Uint8Array(await res.arrayBuffer()))).rows;
    case 'votable': {
      const table = parseVotable(await res.text());
      const names = table.fields.map((f) => f.ID ?? f.name);
      return table.rows.map((r) => Object.fromEntries(names.map((name, i) => [name, r[i]])));
    }
  }
}

/** A column of rows as numbers (CSV and VOTable cells are texts). */
export const numbers = (rows: readonly Row[], name: string): number[] => rows.map((r) => Number(r[name]));
