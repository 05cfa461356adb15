/**
 * Every real alert of test/data decodes, and the decoded values equal an independent reading: avsc's own
 * streaming file decoder for Avro (longs read as raw little-endian bytes), DuckDB SQL for parquet.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { COLUMN_INDEX } from '../../data/index.js';
import { AlertDecoder } from '../../ingest/decode/index.js';
import { readTableFile } from '../../ingest/sources/index.js';
import { readAvroRecords } from '../support/input-alerts.js';
import { testDataPath } from '../support/test-data.js';

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

interface Reference {
  objectId: string;
  candid: string;
  jd: number;
  magpsf: number;
  ra: number;
  dec: number;
  nprv: number;
  science: Buffer | null;
  difference: Buffer | null;
}

async function readIndependently(file: string): Promise<Reference[]> {
  return (await readAvroRecords(file)).map((a) => {
    const c = a.candidate as Record<string, never>;
    return {
      objectId: a.objectId as string,
      candid: String(a.candid ?? c.candid),
      jd: c.jd,
      magpsf: c.magpsf,
      ra: c.ra,
      dec: c.dec,
      nprv: Array.isArray(a.prv_candidates) ? (a.prv_candidates as unknown[]).length : 0,
      science: (a.cutoutScience as { stampData?: Buffer } | null)?.stampData ?? null,
      difference: (a.cutoutDifference as { stampData?: Buffer } | null)?.stampData ?? null,
    };
  });
}

const v = (name: string) => COLUMN_INDEX.get(name)!;

describe('decoding the real alerts of test/data', () => {
  const avroFiles = [...walk(testDataPath('ztf_raw_avro')), ...walk(testDataPath('ztf_enriched'))].filter(
    (f) => f.endsWith('.avro'),
  );

  it('finds the expected Avro files', () => {
    expect(avroFiles.length).toBeGreaterThanOrEqual(230);
  });

  it('decodes every Avro alert, with values equal to an independent reading', async () => {
    const decoder = new AlertDecoder();
    let total = 0;
    for (const file of avroFiles) {
      const outcomes = decoder.decodeMessage(fs.readFileSync(file));
      const reference = await readIndependently(file);
      expect(outcomes.length, file).toBe(reference.length);
      outcomes.forEach((o, i) => {
        if (!o.ok) throw new Error(`${file}#${i}: ${o.reason}`);
        const r = reference[i];
        const a = o.alert;
        expect(a.objectId).toBe(r.objectId);
        expect(a.candid.toString()).toBe(r.candid);
        expect(a.values[v('i_candid')]).toBe(BigInt(r.candid));
        expect(a.jd).toBe(r.jd);
        expect(a.values[v('i_magpsf')]).toBe(r.magpsf);
        expect(a.values[v('i_ra')]).toBe(r.ra);
        expect(a.values[v('i_dec')]).toBe(r.dec);
        expect(a.history.length).toBe(r.nprv);
        expect(Buffer.compare(Buffer.from(a.cutouts.science ?? []), r.science ?? Buffer.alloc(0))).toBe(0);
        expect(Buffer.compare(Buffer.from(a.cutouts.difference ?? []), r.difference ?? Buffer.alloc(0))).toBe(
          0,
        );
        total++;
      });
    }
    // 227 raw + 157 enriched Avro alerts (test/data/README.md)
    expect(total).toBe(384);
  });

  it('keeps candid beyond 2^53 exactly (ZTF19acihgng)', () => {
    const decoder = new AlertDecoder();
    const [o] = decoder.decodeMessage(
      fs.readFileSync(testDataPath('ztf_raw_avro', 'fink-client_datatest', 'ZTF19acihgng.avro')),
    );
    if (!o.ok) throw new Error(o.reason);
    expect(o.alert.candid).toBe(1060135832015015002n);
    expect(o.alert.candid > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    // the stamp equals the extracted cutout file of data/cutouts
    const science = fs.readFileSync(
      testDataPath('cutouts', 'ZTF19acihgng_1060135832015015002_cutoutScience.fits.gz'),
    );
    expect(Buffer.compare(Buffer.from(o.alert.cutouts.science!), science)).toBe(0);
  });

  it('maps ssnamenr "null" to null and keeps real SSO names', () => {
    const decoder = new AlertDecoder();
    const dir = testDataPath('ztf_raw_avro', 'fink-broker_datasim_2018-11-29');
    const names: (string | null)[] = [];
    for (const f of walk(dir)) {
      const [o] = decoder.decodeMessage(fs.readFileSync(f));
      if (!o.ok) throw new Error(o.reason);
      names.push(o.alert.values[v('i_ssnamenr')] as string | null);
      if (o.alert.values[v('i_ssnamenr')] !== null) expect(o.alert.values[v('d_roid')]).toBe(3);
    }
    expect(names.filter((n) => n !== null).length).toBe(19);
    expect(names).not.toContain('null');
    expect(names).toContain('119257');
  });

  it('decodes every parquet alert, with values equal to DuckDB SQL', async () => {
    const files = walk(testDataPath('ztf_enriched')).filter((f) => f.endsWith('.parquet'));
    expect(files.length).toBe(6);
    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    let total = 0;
    for (const file of files) {
      const items: { candid: bigint; jd: number; magpsf: number; nprv: number }[] = [];
      for await (const batch of readTableFile(file)) {
        for (const item of batch) {
          if (!item.outcome.ok) throw new Error(`${file}: ${item.outcome.reason}`);
          const a = item.outcome.alert;
          items.push({
            candid: a.candid,
            jd: a.jd,
            magpsf: a.values[v('i_magpsf')] as number,
            nprv: a.history.length,
          });
        }
      }
      const reader = await conn.runAndReadAll(
        `SELECT candid, candidate.jd AS jd, candidate.magpsf AS magpsf, coalesce(len(prv_candidates), 0) AS nprv
         FROM read_parquet($1) ORDER BY candid`,
        [file],
      );
      const expected = reader.getRowObjectsJS();
      items.sort((a, b) => (a.candid < b.candid ? -1 : a.candid > b.candid ? 1 : 0));
      expect(items.length).toBe(expected.length);
      items.forEach((it, i) => {
        expect(it.candid).toBe(expected[i].candid);
        expect(it.jd).toBe(expected[i].jd);
        expect(it.magpsf).toBe(expected[i].magpsf);
        expect(it.nprv).toBe(Number(expected[i].nprv));
      });
      total += items.length;
    }
    // 124 (fink-science datatest) + 11 + 3 (fink-utils)
    expect(total).toBe(138);
    conn.closeSync();
    db.closeSync();
  });
});
