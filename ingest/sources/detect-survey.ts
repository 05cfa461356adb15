/**
 * The survey of an input (docs/surveys.md): an Avro container whose writer schema is named `lsst.v*` or has a
 * `diaSource` field, or a parquet file with a `diaSource` column, is LSST; other alert files (ZTF containers,
 * nightly tarballs, Fink's ZTF parquet, API export tables) are ZTF. `skyalert ingest` uses it to claim the store.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Survey } from '../../data/index.js';
import { readHeader, surveyOfAvroSchema } from '../decode/index.js';

/** Bytes read first for a container header; doubled up to MAX_HEADER_BYTES until it parses. */
const FIRST_HEADER_BYTES = 1 << 16;
const MAX_HEADER_BYTES = 64 << 20;

/** The survey of an Avro container from its header; null when it has no readable header. */
function avroSurvey(file: string): Survey | null {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    for (let want = FIRST_HEADER_BYTES; ; want *= 2) {
      const buf = Buffer.alloc(Math.min(want, size));
      const n = fs.readSync(fd, buf, 0, buf.length, 0);
      const header = readHeader(buf.subarray(0, n));
      if (header !== null) return surveyOfAvroSchema(JSON.parse(header.schemaText));
      if (n < want || want >= MAX_HEADER_BYTES) return null;
    }
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/** The survey of a parquet file from its columns; null when DuckDB cannot read it. */
async function parquetSurvey(file: string): Promise<Survey | null> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const conn = await instance.connect();
  try {
    const empty = await conn.run('SELECT * FROM read_parquet($file) LIMIT 0', { file });
    return empty.columnNames().includes('diaSource') ? 'lsst' : 'ztf';
  } catch {
    return null;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** The first alert file of a directory tree, in name order (`.avro`, `.parquet`, `.tar.gz`, `.tgz`). */
function firstAlertFile(dir: string): string | null {
  for (const name of fs.readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (fs.statSync(p).isDirectory()) {
      const inner = firstAlertFile(p);
      if (inner !== null) return inner;
    } else if (/\.(avro|parquet|tar\.gz|tgz)$/.test(name)) return p;
  }
  return null;
}

/**
 * The survey of an input file or directory (a directory: its first alert file in name order).
 * @returns 'lsst' or 'ztf'; null when the input does not exist, is not an alert file, or cannot be read.
 */
export async function detectSurvey(file: string): Promise<Survey | null> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  if (stat.isDirectory()) {
    const first = firstAlertFile(file);
    return first === null ? null : detectSurvey(first);
  }
  if (file.endsWith('.avro')) return avroSurvey(file);
  if (file.endsWith('.parquet')) return parquetSurvey(file);
  if (/\.(tar\.gz|tgz|json)$/.test(file)) return 'ztf';
  return null;
}
