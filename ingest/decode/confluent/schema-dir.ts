/**
 * Writer schemas from a directory of `.avsc` files the operator provides (`--schema-dir DIR`), read once, at
 * start, recursively. Named types are resolved across files, as Rubin lays its schemas out
 * (`lsst.v10_0.alert.avsc` names `lsst.v10_0.diaSource`, defined in `lsst.v10_0.diaSource.avsc`). A file gives a
 * schema id when it is named `<id>.avsc`, or when its top-level record is `alert` in Rubin's namespace
 * `lsst.v<major>_<minor>` (Rubin's id: `lsst.v10_0` → 1000). Every other file only defines named types.
 */
import fs from 'node:fs';
import path from 'node:path';
import { errorText } from '../../error-text.js';
import { MAX_SCHEMA_ID } from './frame.js';
import { lsstSchemaVersionOf, rubinSchemaId } from './rubin-schema-id.js';
import { type AvroSchemaJson, inlineNamedTypes, rootNameOf, topLevelNamedTypes } from './schema-names.js';
import {
  type SchemaLookup,
  type SchemaSource,
  SchemaSourceError,
  unknownSchemaReason,
} from './schema-source.js';

const ID_FILE = /^(\d{1,10})\.avsc$/;

/** A schema with an id, and the file that gave it. */
interface DirSchema {
  readonly schema: AvroSchemaJson;
  readonly file: string;
}

/** Every `.avsc` file under `dir`, sorted (symbolic links followed; unreadable folders are an error). */
function avscFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, depth: number): void => {
    if (depth > 16)
      throw new SchemaSourceError(`schema directory ${dir}: folders nest deeper than 16 levels`, {
        retriable: false,
      });
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      const stat = entry.isSymbolicLink() ? fs.statSync(p) : entry;
      if (stat.isDirectory()) walk(p, depth + 1);
      else if (stat.isFile() && entry.name.endsWith('.avsc')) out.push(p);
    }
  };
  walk(dir, 0);
  return out.sort();
}

/** The id a file gives (see the module doc), or null. */
function idOfFile(file: string, schema: AvroSchemaJson): number | null {
  const named = ID_FILE.exec(path.basename(file));
  if (named) {
    const id = Number(named[1]);
    if (id > MAX_SCHEMA_ID) {
      throw new SchemaSourceError(`${file}: schema id ${id} exceeds ${MAX_SCHEMA_ID}`, { retriable: false });
    }
    return id;
  }
  const root = rootNameOf(schema);
  const version = lsstSchemaVersionOf(root);
  if (version === null || root !== `${version}.alert`) return null;
  const id = rubinSchemaId(version);
  if (id === null) {
    throw new SchemaSourceError(
      `${file}: Rubin's id rule writes the minor of ${version} on two digits; name the file <id>.avsc`,
      { retriable: false },
    );
  }
  return id;
}

/** Writer schemas of a directory (see the module doc). */
export class SchemaDirSource implements SchemaSource {
  readonly description: string;
  private readonly byId: ReadonlyMap<number, DirSchema>;

  private constructor(description: string, byId: ReadonlyMap<number, DirSchema>) {
    this.description = description;
    this.byId = byId;
  }

  /**
   * Reads every `.avsc` file under `dir` and resolves each id's schema against the named types of all files.
   *
   * @throws SchemaSourceError naming the file when `dir` is not a readable directory, a file is not JSON, a named
   *   type is defined differently in two files, two files give the same id, a schema uses a type defined nowhere,
   *   or no file gives an id.
   */
  static load(dir: string): SchemaDirSource {
    const description = `schema directory ${dir}`;
    let files: string[];
    try {
      if (!fs.statSync(dir).isDirectory()) {
        throw new SchemaSourceError(`${description}: not a directory`, { retriable: false });
      }
      files = avscFiles(dir);
    } catch (err) {
      if (err instanceof SchemaSourceError) throw err;
      throw new SchemaSourceError(`${description}: ${errorText(err)}`, { retriable: false, cause: err });
    }
    const definitions = new Map<string, { schema: AvroSchemaJson; text: string; file: string }>();
    const withId = new Map<number, DirSchema>();
    for (const file of files) {
      let schema: AvroSchemaJson;
      try {
        schema = JSON.parse(fs.readFileSync(file, 'utf8')) as AvroSchemaJson;
      } catch (err) {
        throw new SchemaSourceError(`${file}: not a JSON Avro schema: ${errorText(err)}`, {
          retriable: false,
          cause: err,
        });
      }
      for (const d of topLevelNamedTypes(schema)) {
        const text = JSON.stringify(d.schema);
        const earlier = definitions.get(d.fullName);
        if (earlier && earlier.text !== text) {
          throw new SchemaSourceError(
            `type ${d.fullName} is defined differently in ${earlier.file} and ${file}`,
            {
              retriable: false,
            },
          );
        }
        if (!earlier) definitions.set(d.fullName, { schema: d.schema, text, file });
      }
      const id = idOfFile(file, schema);
      if (id === null) continue;
      const other = withId.get(id);
      if (other) {
        throw new SchemaSourceError(`schema id ${id} is given by both ${other.file} and ${file}`, {
          retriable: false,
        });
      }
      withId.set(id, { schema, file });
    }
    if (withId.size === 0) {
      throw new SchemaSourceError(
        `${description}: no schema with an id (a file <id>.avsc, or a record "alert" in namespace lsst.v<major>_<minor>)`,
        { retriable: false },
      );
    }
    const byId = new Map<number, DirSchema>();
    for (const [id, { schema, file }] of withId) {
      try {
        byId.set(id, { schema: inlineNamedTypes(schema, (name) => definitions.get(name)?.schema), file });
      } catch (err) {
        throw new SchemaSourceError(`${file}: ${errorText(err)}`, { retriable: false, cause: err });
      }
    }
    return new SchemaDirSource(description, byId);
  }

  /** The ids the directory gives, ascending. */
  get ids(): number[] {
    return [...this.byId.keys()].sort((a, b) => a - b);
  }

  /** The file that gave `id`, undefined when none did. */
  fileOf(id: number): string | undefined {
    return this.byId.get(id)?.file;
  }

  async schema(id: number): Promise<SchemaLookup> {
    const hit = this.byId.get(id);
    if (!hit) return { found: false, reason: unknownSchemaReason(id, this.description) };
    return { found: true, schema: hit.schema };
  }
}
