/**
 * LSST inputs: Avro containers and parquet files, and directories of them (recursively, in name order), read
 * through one event stream (lsst-events.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LsstSchemaCache } from '../decode/index.js';
import { readLsstAvroFile } from './lsst-avro-file.js';
import type { LsstSourceEvent } from './lsst-events.js';
import { readLsstParquetFile } from './lsst-parquet-file.js';

/** Kinds of LSST input files. */
export type LsstInputKind = 'avro' | 'parquet';

/** The kind of an LSST input file from its name; null for another file. */
export function lsstInputKind(file: string): LsstInputKind | null {
  if (file.endsWith('.avro')) return 'avro';
  if (file.endsWith('.parquet')) return 'parquet';
  return null;
}

/**
 * The LSST input files of files and directories: each `.avro` and `.parquet` file of a directory tree, in name
 * order; a named file is taken whatever its name.
 * @throws Error for a path that does not exist.
 */
export function lsstInputFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (p: string, named: boolean): void => {
    if (fs.statSync(p).isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) walk(path.join(p, name), false);
    } else if (named || lsstInputKind(p) !== null) out.push(p);
  };
  for (const p of paths) {
    if (!fs.existsSync(p)) throw new Error(`input not found: ${p}`);
    walk(p, true);
  }
  return out;
}

/** Reads one LSST file: an Avro container, or (named `.parquet`) a parquet file. */
export function readLsstFile(
  file: string,
  options: { batchSize?: number; cache?: LsstSchemaCache } = {},
): AsyncGenerator<LsstSourceEvent> {
  return lsstInputKind(file) === 'parquet'
    ? readLsstParquetFile(file, options)
    : readLsstAvroFile(file, options);
}

/** Reads LSST files and directories of them, one file after the other (lsstInputFiles). */
export async function* readLsstInputs(
  paths: readonly string[],
  options: { batchSize?: number; cache?: LsstSchemaCache } = {},
): AsyncGenerator<LsstSourceEvent> {
  for (const file of lsstInputFiles(paths)) yield* readLsstFile(file, options);
}
