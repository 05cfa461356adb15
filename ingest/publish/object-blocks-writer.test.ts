/**
 * The object blocks writer over small hand-made relations: every object of the part gets one block holding its
 * alerts, upper limits and stamp references in block order, whatever the batches the objects are taken in (so
 * objects without alerts, at a batch's edges or alone in one, keep their upper limits and stamps).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prng } from '../../compute/random/index.js';
import {
  type BlockAlertText,
  decodeObjectBlock,
  OBJECT_BLOCK_FORMAT,
  OBJECT_BLOCKS_FILE,
  OBJECT_BLOCKS_INDEX_FILE,
  type ObjectBlock,
} from '../../data/object-blocks.js';
import { writeObjectBlocks } from './object-blocks-writer.js';

interface Alert {
  oid: string;
  jd: number;
  candid: bigint;
  classification: string | null;
  row: Uint8Array;
}
interface Upperlim {
  oid: string;
  jd: number;
  fid: number;
  magpsf: number | null;
  diffmaglim: number;
  tag: string;
}
interface Stamp {
  oid: string;
  jd: number;
  candid: bigint;
  offset: bigint;
  lens: [number, number, number | null];
}

/** Random objects: each has 0-3 alerts, 0-4 upper limits (some repeated with both tags) and 0-3 stamps. */
function makeObjects(count: number, seed: number) {
  const rng = new Prng(seed);
  const pick = (n: number) => rng.int(0, n - 1);
  const alerts: Alert[] = [];
  const upperlims: Upperlim[] = [];
  const stamps: Stamp[] = [];
  let candid = 1_700_000_000_000_000_000n;
  for (let o = 0; o < count; o++) {
    const oid = `ZTF24aa${String(o).padStart(5, '0')}`;
    // jd on a grid of 1/64 day: distinct values, exact in a double
    const jd = () => 2460000.5 + pick(4096) / 64;
    for (let k = pick(4); k > 0; k--) {
      candid += BigInt(1 + pick(1000));
      const classification = rng.chance(0.2)
        ? null
        : ['SN candidate', 'Solar System MPC', 'Ambiguous'][pick(3)];
      alerts.push({ oid, jd: jd(), candid, classification, row: Uint8Array.from([o & 0xff, k, 7]) });
    }
    for (let k = pick(5); k > 0; k--) {
      const u = {
        oid,
        jd: jd(),
        fid: 1 + pick(2),
        magpsf: null,
        diffmaglim: 18 + pick(16) / 4,
        tag: 'upperlim',
      };
      upperlims.push(u);
      // the same point as a bad-quality detection: the block keeps the upper limit only
      if (rng.chance(0.3)) upperlims.push({ ...u, magpsf: 19.5, tag: 'badquality' });
    }
    for (let k = pick(4); k > 0; k--) {
      candid += BigInt(1 + pick(1000));
      const lens: Stamp['lens'] = [1000 + pick(100), 1000 + pick(100), rng.chance(0.1) ? null : 900];
      stamps.push({ oid, jd: jd(), candid, offset: BigInt(pick(1 << 30)), lens });
    }
  }
  return { alerts, upperlims, stamps };
}

async function load(conn: DuckDBConnection, objects: ReturnType<typeof makeObjects>): Promise<void> {
  await conn.run(`CREATE TABLE p_alerts (i_objectId VARCHAR, i_jd DOUBLE, i_candid BIGINT,
                  classification VARCHAR, row_avro BLOB)`);
  await conn.run(`CREATE TABLE p_upperlim (objectId VARCHAR, jd DOUBLE, fid INTEGER, magpsf FLOAT,
                  sigmapsf FLOAT, diffmaglim FLOAT, magnr FLOAT, sigmagnr FLOAT, isdiffpos VARCHAR, distnr FLOAT,
                  rb FLOAT, nbad INTEGER, tag VARCHAR)`);
  await conn.run(`CREATE TABLE cut (i_objectId VARCHAR, i_candid BIGINT, i_jd DOUBLE, night INTEGER,
                  stamp_offset BIGINT, stamp_science_len INTEGER, stamp_template_len INTEGER,
                  stamp_difference_len INTEGER)`);
  const a = await conn.createAppender('p_alerts');
  for (const x of objects.alerts) {
    a.appendVarchar(x.oid);
    a.appendDouble(x.jd);
    a.appendBigInt(x.candid);
    if (x.classification === null) a.appendNull();
    else a.appendVarchar(x.classification);
    a.appendBlob(x.row);
    a.endRow();
  }
  a.closeSync();
  const u = await conn.createAppender('p_upperlim');
  for (const x of objects.upperlims) {
    u.appendVarchar(x.oid);
    u.appendDouble(x.jd);
    u.appendInteger(x.fid);
    if (x.magpsf === null) u.appendNull();
    else u.appendFloat(x.magpsf);
    u.appendNull();
    u.appendFloat(x.diffmaglim);
    for (let k = 0; k < 6; k++) u.appendNull();
    u.appendVarchar(x.tag);
    u.endRow();
  }
  u.closeSync();
  const s = await conn.createAppender('cut');
  for (const x of objects.stamps) {
    s.appendVarchar(x.oid);
    s.appendBigInt(x.candid);
    s.appendDouble(x.jd);
    s.appendInteger(20240201);
    s.appendBigInt(x.offset);
    for (const l of x.lens) {
      if (l === null) s.appendNull();
      else s.appendInteger(l);
    }
    s.endRow();
  }
  s.closeSync();
}

/** The prepared text given to every alert (so that the rows need not be real row documents). */
function textOf(x: Alert): BlockAlertText {
  return {
    candid: x.candid,
    jd: x.jd,
    fid: 1,
    magpsf: null,
    sigmapsf: null,
    json: Buffer.from(`"i:candid":${x.candid}`),
  };
}

/** The blocks written into `dir`, by objectId. */
async function readBlocks(conn: DuckDBConnection, dir: string): Promise<Map<string, ObjectBlock>> {
  const bin = fs.readFileSync(path.join(dir, OBJECT_BLOCKS_FILE));
  const index = (
    await conn.runAndReadAll(`SELECT objectId, block_offset, block_length
                              FROM '${path.join(dir, OBJECT_BLOCKS_INDEX_FILE)}' ORDER BY objectId`)
  ).getRows();
  return new Map(
    index.map(([oid, offset, length]) => {
      const at = Number(offset);
      return [String(oid), decodeObjectBlock(bin.subarray(at, at + Number(length)), OBJECT_BLOCK_FORMAT)];
    }),
  );
}

const byDescending = <T extends { jd: number; candid?: bigint }>(a: T, b: T) =>
  b.jd - a.jd || Number((b.candid ?? 0n) - (a.candid ?? 0n));

describe('writeObjectBlocks', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-blocks-'));
  const objects = makeObjects(60, 11);
  let conn: DuckDBConnection;
  const texts = new Map<string, Map<bigint, BlockAlertText>>();
  beforeAll(async () => {
    conn = await (await DuckDBInstance.create(':memory:')).connect();
    await load(conn, objects);
    for (const x of objects.alerts) {
      const m = texts.get(x.oid) ?? new Map<bigint, BlockAlertText>();
      m.set(x.candid, textOf(x));
      texts.set(x.oid, m);
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('has objects of every kind to write (the generator covers the cases)', () => {
    const withAlerts = new Set(objects.alerts.map((x) => x.oid));
    expect(objects.upperlims.some((x) => !withAlerts.has(x.oid))).toBe(true);
    expect(objects.stamps.some((x) => !withAlerts.has(x.oid))).toBe(true);
    expect(objects.upperlims.some((x) => x.tag === 'badquality')).toBe(true);
  });

  it('writes each object once, with its rows in block order, whatever the batches', async () => {
    const written: Buffer[] = [];
    for (const perBatch of [1, 7, 1000]) {
      const out = path.join(dir, String(perBatch));
      fs.mkdirSync(out);
      const r = await writeObjectBlocks(conn, out, 'cut', (oid) => texts.get(oid) ?? null, perBatch);
      const blocks = await readBlocks(conn, out);
      const oids = new Set([...objects.alerts, ...objects.upperlims, ...objects.stamps].map((x) => x.oid));
      expect(r.objects).toBe(oids.size);
      expect([...blocks.keys()].sort()).toEqual([...oids].sort());
      for (const oid of oids) {
        const block = blocks.get(oid);
        const alerts = objects.alerts.filter((x) => x.oid === oid).sort(byDescending);
        expect(block?.alerts.map((x) => [x.classification, [...x.row], x.text?.candid])).toEqual(
          alerts.map((x) => [x.classification, [...x.row], x.candid]),
        );
        expect(block?.alerts.map((x) => Buffer.from(x.text?.json ?? []).toString())).toEqual(
          alerts.map((x) => `"i:candid":${x.candid}`),
        );
        const upperlims = objects.upperlims
          .filter((x) => x.oid === oid && x.tag === 'upperlim')
          .sort((a, b) => b.jd - a.jd || a.fid - b.fid);
        expect(block?.upperlim.map((x) => [x.jd, x.fid, x.diffmaglim, x.tag])).toEqual(
          upperlims.map((x) => [x.jd, x.fid, x.diffmaglim, 'upperlim']),
        );
        const stamps = objects.stamps.filter((x) => x.oid === oid).sort(byDescending);
        expect(
          block?.stamps.map((x) => [x.candid, x.offset, x.scienceLen, x.templateLen, x.differenceLen]),
        ).toEqual(stamps.map((x) => [x.candid, x.offset, ...x.lens]));
      }
      written.push(fs.readFileSync(path.join(out, OBJECT_BLOCKS_FILE)));
    }
    expect(written[1].equals(written[0])).toBe(true);
    expect(written[2].equals(written[0])).toBe(true);
  });
});
