/**
 * The field docs of an LSST store (docs/surveys.md, "The LSST store"): for each writer schema the store's alerts
 * came in, each column's Avro type and doc as that schema gives them, recorded when its alerts are staged, in a
 * small JSON file per schema (`<store>/lsst-fields/<hash>.json`, named by its content: several ingesters may
 * write the same one, and a file never changes). `/api/v1/schema` serves them. They come from the data (the
 * container header, the registry, the operator's schema directory), never from a copy of Rubin's files.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AvroFieldType, LsstColumns, LsstRowTable } from './lsst-columns.js';
import { LSST_ROW_TABLES } from './lsst-columns.js';

/** A column's Avro type and doc in its writer schema. */
export interface LsstFieldDoc {
  readonly type: AvroFieldType;
  readonly doc: string;
}

/** The docs of each table's columns, by API name. */
export type LsstFieldDocs = Readonly<Record<LsstRowTable, ReadonlyMap<string, LsstFieldDoc>>>;

/** What one file holds: the writer schema's version (`lsst.v10_0`) and its columns' docs. */
interface FieldDocsFile {
  readonly version: string;
  readonly tables: Readonly<Record<string, Readonly<Record<string, LsstFieldDoc>>>>;
}

/** Directory of the field-doc files of the store at `root`. */
export function lsstFieldDocsDir(root: string): string {
  return path.join(root, 'lsst-fields');
}

/**
 * Records the docs of one writer schema's columns in the store at `root` (once: a file of the same content is
 * left as it is). Synchronous and atomic (written beside, then renamed).
 * @param version the schema's version as Fink spells it (`lsst.v10_0`): the newest version's doc wins on read.
 */
export function recordLsstFieldDocs(root: string, columns: LsstColumns, version: string): void {
  const content: FieldDocsFile = {
    version,
    tables: Object.fromEntries(
      LSST_ROW_TABLES.map((t) => [
        t,
        Object.fromEntries(columns[t].map((c) => [c.name, { type: c.avroType, doc: c.doc }])),
      ]),
    ),
  };
  const text = JSON.stringify(content);
  const dir = lsstFieldDocsDir(root);
  const file = path.join(dir, `${createHash('sha256').update(text).digest('hex').slice(0, 32)}.json`);
  if (fs.existsSync(file)) return;
  fs.mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

/** Orders schema versions `lsst.vM_m` by M then m (others first). */
function versionKey(version: string): number {
  const m = /^lsst\.v(\d+)_(\d+)$/.exec(version);
  return m ? Number(m[1]) * 1000 + Number(m[2]) : -1;
}

/**
 * The field docs recorded in the store at `root`, merged over its writer schemas (the newest version's entry for
 * a column present in several); empty tables when none is recorded. An unreadable file is skipped.
 */
export function readLsstFieldDocs(root: string): LsstFieldDocs {
  const dir = lsstFieldDocsDir(root);
  const files: FieldDocsFile[] = [];
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  for (const name of names.sort()) {
    try {
      files.push(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as FieldDocsFile);
    } catch {
      // a file being replaced or damaged: its docs are missing from this answer, nothing else
    }
  }
  files.sort((a, b) => versionKey(a.version) - versionKey(b.version));
  const out = Object.fromEntries(LSST_ROW_TABLES.map((t) => [t, new Map<string, LsstFieldDoc>()])) as Record<
    LsstRowTable,
    Map<string, LsstFieldDoc>
  >;
  for (const f of files)
    for (const t of LSST_ROW_TABLES)
      for (const [name, entry] of Object.entries(f.tables?.[t] ?? {})) out[t].set(name, entry);
  return out;
}
