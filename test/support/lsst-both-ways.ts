/**
 * Decodes every record of an LSST Avro container twice, with the generated reader and with avsc's generic decoding
 * (decodeLsstDatum's `withAvsc`), and compares the two outcomes field by field: the check that the generated
 * reader (ingest/decode/lsst/lsst-reader.ts) changes nothing.
 */
import { expect } from 'vitest';
import type { LsstAlert, LsstRow } from '../../data/index.js';
import { decompressBlock, readBlock, readHeader } from '../../ingest/decode/index.js';
import {
  type CompiledLsstSchema,
  decodeLsstDatum,
  type LsstDecodeOutcome,
  LsstSchemaCache,
} from '../../ingest/decode/lsst/index.js';

/** Both outcomes of each record of a container. */
export interface BothWays {
  readonly schema: CompiledLsstSchema;
  readonly generated: LsstDecodeOutcome[];
  readonly generic: LsstDecodeOutcome[];
}

/** Decodes each record of the container `bytes` both ways (the stream of records as the file reader walks it). */
export function decodeBothWays(bytes: Buffer): BothWays {
  const header = readHeader(bytes);
  if (header === null) throw new Error('not an Avro container');
  const schema = new LsstSchemaCache().get(header.schemaText);
  const generated: LsstDecodeOutcome[] = [];
  const generic: LsstDecodeOutcome[] = [];
  for (let pos = header.end; pos < bytes.length; ) {
    const block = readBlock(bytes, pos, header.sync);
    if (block === null) throw new Error(`truncated block at byte ${pos}`);
    const data = decompressBlock(header.codec, block.data);
    for (const [out, withAvsc] of [
      [generated, false],
      [generic, true],
    ] as const) {
      let at = 0;
      for (let i = 0; i < block.count; i++) {
        const read = decodeLsstDatum(schema, data, at, { withAvsc });
        out.push(read.outcome);
        expect(read.next, `record ${i} of a block: where it ends`).toBeGreaterThan(at);
        at = read.next;
      }
      expect(at, 'the block read to its end').toBe(data.length);
    }
    pos = block.end;
  }
  return { schema, generated, generic };
}

/** Adds to `out` where two rows differ: columns (and their order), values (Object.is; NaN equals NaN). */
function rowDifferences(a: LsstRow | null, b: LsstRow | null, where: string, out: string[]): void {
  if (a === null || b === null) {
    if (a !== b)
      out.push(`${where}: ${a === null ? 'absent' : 'present'} vs ${b === null ? 'absent' : 'present'}`);
    return;
  }
  const keys = Object.keys(b);
  if (Object.keys(a).join() !== keys.join()) out.push(`${where}: columns ${Object.keys(a)} vs ${keys}`);
  for (const key of keys)
    if (!Object.is(a[key], b[key])) out.push(`${where} ${key}: ${String(a[key])} vs ${String(b[key])}`);
}

/** Where the generated reader's alert differs from the generic one, field by field, row by row. */
export function alertDifferences(a: LsstAlert, b: LsstAlert, where: string): string[] {
  const out: string[] = [];
  for (const key of [
    'diaSourceId',
    'diaObjectId',
    'midpointMjdTai',
    'night',
    'schemaVersion',
    'columns',
  ] as const)
    if (!Object.is(a[key], b[key])) out.push(`${where} ${key}: ${String(a[key])} vs ${String(b[key])}`);
  for (const table of ['source', 'object', 'sso', 'orbit'] as const)
    rowDifferences(a[table], b[table], `${where} ${table}`, out);
  for (const table of ['history', 'forced'] as const) {
    if (a[table].length !== b[table].length)
      out.push(`${where} ${table}: ${a[table].length} vs ${b[table].length} rows`);
    for (let i = 0; i < Math.min(a[table].length, b[table].length); i++)
      rowDifferences(a[table][i], b[table][i], `${where} ${table}[${i}]`, out);
  }
  for (const stamp of ['science', 'template', 'difference'] as const) {
    const x = a.stamps[stamp];
    const y = b.stamps[stamp];
    const same = x === null || y === null ? x === y : Buffer.from(x).equals(Buffer.from(y));
    if (!same) out.push(`${where} ${stamp} stamp differs`);
  }
  return out;
}

/** Expects both ways to give the same outcomes; returns how many were alerts. */
export function expectBothWaysEqual({ generated, generic }: BothWays, what: string): number {
  expect(generated.length, `${what}: records`).toBe(generic.length);
  let alerts = 0;
  generated.forEach((a, i) => {
    const b = generic[i];
    expect(a.ok, `${what} record ${i}: ${a.ok ? '' : a.reason} / ${b.ok ? '' : b.reason}`).toBe(b.ok);
    if (a.ok && b.ok) {
      expect(alertDifferences(a.alert, b.alert, `${what} record ${i}`)).toEqual([]);
      alerts++;
    } else if (!a.ok && !b.ok) expect(a.reason, `${what} record ${i}: rejection`).toBe(b.reason);
  });
  return alerts;
}
