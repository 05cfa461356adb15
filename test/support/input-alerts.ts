/**
 * The input alerts of a store, read independently of the project's decoder: avsc's own streaming file decoder
 * over the Avro container files (longs kept as their exact decimal text), and the checks that an API row holds,
 * field for field, the values of the alert it answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import avro from 'avsc';
import { expect } from 'vitest';
import { dropInvalidUnionDefaults } from '../../ingest/decode/schema-cache.js';

/** Keeps a long's 8 bytes as its signed decimal text (no JS number on the way). */
export const exactLong = avro.types.LongType.__with({
  fromBuffer: (b: Buffer) => b.readBigInt64LE(0).toString(),
  toBuffer: (s: string) => {
    const b = Buffer.alloc(8);
    b.writeBigInt64LE(BigInt(s));
    return b;
  },
  fromJSON: String,
  toJSON: Number,
  isValid: (s: unknown) => typeof s === 'string',
  compare: () => 0,
});

type Rec = Record<string, unknown>;

/**
 * Every record of an Avro container file, read by avsc's own streaming decoder: codecs null and snappy (snappy
 * data followed by a 4-byte CRC), longs as their exact decimal text, the ZTF schemas' invalid union defaults
 * dropped first.
 */
export function readAvroRecords(file: string): Promise<Rec[]> {
  return new Promise((resolve, reject) => {
    const out: Rec[] = [];
    const codecs = {
      null: (b: Buffer, cb: (e: Error | null, r?: Buffer) => void) => cb(null, b),
      snappy: (b: Buffer, cb: (e: Error | null, r?: Buffer) => void) => {
        import('snappyjs').then((s) => cb(null, Buffer.from(s.uncompress(b.subarray(0, b.length - 4)))), cb);
      },
    };
    avro
      .createFileDecoder(file, {
        codecs,
        parseHook: (schema: unknown) =>
          avro.Type.forSchema(dropInvalidUnionDefaults(schema as never) as avro.Schema, {
            registry: { long: exactLong },
          }),
      } as never)
      .on('data', (a: Rec) => out.push(a))
      .on('end', () => resolve(out))
      .on('error', reject);
  });
}

/** One input alert: its record as decoded, and which of its fields are Avro floats (32-bit). */
export interface InputAlert {
  readonly objectId: string;
  /** Exact decimal text of the candid. */
  readonly candid: string;
  readonly record: Rec;
  readonly candidate: Rec;
  readonly prv: readonly Rec[];
}

/** The input alerts and the names of the 32-bit float fields of `candidate` and of the top-level record. */
export interface InputAlerts {
  readonly alerts: readonly InputAlert[];
  readonly floatCandidateFields: ReadonlySet<string>;
  readonly floatTopFields: ReadonlySet<string>;
}

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/** Names of the fields of a record type whose type is float or a union holding float. */
function floatFields(type: avro.Type | undefined): Set<string> {
  const out = new Set<string>();
  const fields = (type as unknown as { fields?: { name: string; type: avro.Type }[] })?.fields ?? [];
  for (const f of fields) {
    const branches = (f.type as unknown as { types?: avro.Type[] }).types ?? [f.type];
    if (branches.some((b) => b.typeName === 'float')) out.add(f.name);
  }
  return out;
}

function candidateType(type: avro.Type): avro.Type | undefined {
  const field = (type as unknown as { field(name: string): { type: avro.Type } | undefined }).field(
    'candidate',
  );
  return field?.type;
}

function readFile(file: string, into: InputAlert[], types: avro.Type[]): Promise<void> {
  return new Promise((resolve, reject) => {
    avro
      .createFileDecoder(file, {
        parseHook: (schema: unknown) =>
          avro.Type.forSchema(schema as avro.Schema, { registry: { long: exactLong } }),
      } as never)
      .on('metadata', (type: avro.Type) => {
        types.push(type);
      })
      .on('data', (a: Rec) => {
        const candidate = a.candidate as Rec;
        into.push({
          objectId: String(a.objectId),
          candid: String(candidate.candid),
          record: a,
          candidate,
          prv: (a.prv_candidates as Rec[] | null) ?? [],
        });
      })
      .on('end', () => resolve())
      .on('error', reject);
  });
}

/** Every alert of the `.avro` files under `dir`. */
export async function readInputAlerts(dir: string): Promise<InputAlerts> {
  const alerts: InputAlert[] = [];
  const types: avro.Type[] = [];
  for (const file of walk(dir).filter((f) => f.endsWith('.avro'))) await readFile(file, alerts, types);
  expect(types.length).toBeGreaterThan(0);
  return {
    alerts,
    floatCandidateFields: floatFields(candidateType(types[0])),
    floatTopFields: floatFields(types[0]),
  };
}

/**
 * Valid alerts by the reference's quality cut (fink-broker raw → science: rb ≥ 0.55, nbad = 0; a missing value
 * passes) and ZTF's filters g and r only (fid 3, i band, is not served as an alert).
 */
export function isValidInput(alert: InputAlert): boolean {
  const c = alert.candidate;
  const rb = c.rb as number | null;
  const nbad = c.nbad as number | null;
  const fid = c.fid as number | null;
  return (nbad ?? 0) === 0 && (rb ?? 1) >= 0.55 && (fid ?? 1) !== 3;
}

/** JSON.parse keeping integers of 16 digits and more as their exact text (64-bit ids). */
export function parseJsonExact(text: string): unknown {
  return JSON.parse(text.replace(/([:[,]\s*)(-?\d{16,})(?=\s*[,}\]])/g, '$1"$2"'));
}

/**
 * How an API value differs from the input value (null when it is the input value): floats to 32 bits, doubles
 * and integers exactly, longs by their decimal text, ZTF's "null" ssnamenr and NaN as null.
 */
function valueMismatch(api: unknown, input: unknown, isFloat: boolean): string | null {
  if (input === null || input === undefined || (typeof input === 'number' && Number.isNaN(input)))
    return (api ?? null) === null ? null : `${String(api)} where null is expected`;
  if (typeof input === 'number') {
    const n = typeof api === 'string' ? Number(api) : api;
    if (typeof n !== 'number') return `${typeof n} where the number ${input} is expected`;
    const got = isFloat ? Math.fround(n) : n;
    return Object.is(got, input)
      ? null
      : `${got} where ${input} is expected${isFloat ? ' (32-bit float)' : ''}`;
  }
  if (typeof input === 'string' || typeof input === 'boolean') {
    const got = typeof api === 'number' ? String(api) : api;
    return got === input ? null : `${JSON.stringify(got)} where ${JSON.stringify(input)} is expected`;
  }
  return null;
}

/**
 * Asserts that an API row (`i:` and `d:` fields) holds the values of `alert`: every `i:` field of its candidate
 * and every scalar `d:` field of its record that the row carries. The fields are compared in plain code and
 * asserted once per row (one `expect` per field made this a large part of the endpoint tests' time).
 *
 * @returns the number of fields compared.
 */
export function expectRowOfInput(row: Rec, alert: InputAlert, input: InputAlerts, where: string): number {
  let compared = 0;
  const mismatches: string[] = [];
  if ('i:objectId' in row) {
    if (row['i:objectId'] !== alert.objectId)
      mismatches.push(`i:objectId: ${String(row['i:objectId'])} where ${alert.objectId} is expected`);
    compared++;
  }
  for (const [k, v] of Object.entries(alert.candidate)) {
    const name = `i:${k}`;
    if (!(name in row)) continue;
    const value = k === 'ssnamenr' && v === 'null' ? null : v;
    const mismatch = valueMismatch(row[name], value, input.floatCandidateFields.has(k));
    if (mismatch !== null) mismatches.push(`${name}: ${mismatch}`);
    compared++;
  }
  for (const [k, v] of Object.entries(alert.record)) {
    const name = `d:${k}`;
    if (!(name in row) || (v !== null && typeof v === 'object')) continue;
    const mismatch = valueMismatch(row[name], v, input.floatTopFields.has(k));
    if (mismatch !== null) mismatches.push(`${name}: ${mismatch}`);
    compared++;
  }
  expect(mismatches, where).toEqual([]);
  return compared;
}
