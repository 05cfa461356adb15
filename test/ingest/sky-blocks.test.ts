/**
 * Sky blocks: written from a part's sky index, they answer cones exactly as a brute-force scan of the same
 * alerts (separation ≤ radius, time windows on jd or jdstarthist), whatever the cone size, including cones whose
 * pixel ranges start inside a run of equal pixels that spans blocks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prng } from '../../compute/random/index.js';
import { ang2pixNest, coneRanges } from '../../compute/sky/index.js';
import { PART_FILES, ReadOnlyFiles, SKY_BLOCKS_FILE } from '../../data/index.js';
import { mergePixelRanges } from '../../data/queries/explorer.js';
import { SkyBlockReader, type SkyWindow } from '../../data/queries/sky-blocks.js';
import { writeSkyBlocks } from '../../ingest/publish/sky-blocks-writer.js';

interface Point {
  objectId: string;
  candid: bigint;
  ra: number;
  dec: number;
  jd: number;
  jdstarthist: number;
}

function separationDeg(ra1: number, dec1: number, ra2: number, dec2: number): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((dec1 - dec2) * r) / 2) ** 2 +
    Math.cos(dec1 * r) * Math.cos(dec2 * r) * Math.sin(((ra1 - ra2) * r) / 2) ** 2;
  return (2 * Math.asin(Math.min(1, Math.sqrt(h)))) / r;
}

describe('sky blocks', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-sky-blocks-'));
  const points: Point[] = [];
  const files = new ReadOnlyFiles();
  const reader = new SkyBlockReader(files);
  const file = path.join(dir, SKY_BLOCKS_FILE);

  beforeAll(async () => {
    const prng = new Prng(11);
    const next = () => prng.uniform();
    // a field of 6°×6° with clusters, and 700 alerts at one position (a run of equal pixels over 3 blocks)
    for (let i = 0; i < 20_000; i++) {
      const cluster = i % 4 === 0;
      const ra = cluster ? 150 + next() * 0.01 : 147 + next() * 6;
      const dec = cluster ? 2 + next() * 0.01 : -1 + next() * 6;
      const jdstarthist = 2460300 + next() * 100;
      points.push({
        objectId: `ZTF24a${String(i % 5000).padStart(6, '0')}`,
        candid: BigInt(1e15) + BigInt(i),
        ra,
        dec,
        jd: jdstarthist + next() * 30,
        jdstarthist,
      });
    }
    for (let i = 0; i < 700; i++) {
      points.push({
        objectId: 'ZTF24zzzzzzz',
        candid: BigInt(2e15) + BigInt(i),
        ra: 151.5,
        dec: 3.5,
        jd: 2460350 + i / 100,
        jdstarthist: 2460340,
      });
    }
    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    await conn.run(
      'CREATE TABLE s (hpix29 BIGINT, i_objectId VARCHAR, i_candid BIGINT, i_ra DOUBLE, i_dec DOUBLE, i_jd DOUBLE, i_jdstarthist DOUBLE)',
    );
    const appender = await conn.createAppender('s');
    for (const p of points) {
      appender.appendBigInt(ang2pixNest(29, p.ra, p.dec));
      appender.appendVarchar(p.objectId);
      appender.appendBigInt(p.candid);
      appender.appendDouble(p.ra);
      appender.appendDouble(p.dec);
      appender.appendDouble(p.jd);
      appender.appendDouble(p.jdstarthist);
      appender.endRow();
    }
    appender.closeSync();
    await conn.run(
      `COPY (SELECT * FROM s ORDER BY hpix29) TO '${path.join(dir, PART_FILES.sky)}' (FORMAT parquet)`,
    );
    expect(await writeSkyBlocks(conn, dir)).toBe(points.length);
    conn.closeSync();
    db.closeSync();
  }, 60_000);
  afterAll(() => {
    files.closeAll();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const cones: [ra: number, dec: number, radiusDeg: number][] = [
    [150.005, 2.005, 1 / 3600],
    [150.005, 2.005, 5 / 3600],
    [150.005, 2.005, 30 / 3600],
    [151.5, 3.5, 1 / 3600],
    [149, 1, 0.1],
    [150, 2, 1],
    [150, 2, 5],
    [10, -40, 1],
  ];
  const windows: (SkyWindow | null)[] = [
    null,
    { field: 'jd', startJd: 2460330, stopJd: 2460360 },
    { field: 'jdstarthist', startJd: 2460320, stopJd: 2460345 },
  ];

  for (const [ra, dec, radiusDeg] of cones) {
    for (const window of windows) {
      it(`finds every alert of a ${(radiusDeg * 3600).toFixed(0)}″ cone at (${ra}, ${dec}), window ${window?.field ?? 'none'}`, () => {
        const ranges = mergePixelRanges(coneRanges('auto', ra, dec, radiusDeg));
        const found = new Map(
          reader.cone(file, ranges, ra, dec, radiusDeg, window).map((h) => [h.candid, h]),
        );
        const expected = points.filter((p) => {
          if (separationDeg(p.ra, p.dec, ra, dec) > radiusDeg) return false;
          if (window === null) return true;
          const t = window.field === 'jd' ? p.jd : p.jdstarthist;
          return t >= window.startJd && t <= window.stopJd;
        });
        expect([...found.keys()].sort()).toEqual(expected.map((p) => p.candid).sort());
        for (const p of expected) {
          const hit = found.get(p.candid)!;
          expect(hit.objectId).toBe(p.objectId);
          expect(hit.jd).toBe(p.jd);
          expect(hit.separationDeg).toBeCloseTo(separationDeg(p.ra, p.dec, ra, dec), 12);
        }
      });
    }
  }

  it('says a part without sky blocks has none, and refuses a file that is not one', () => {
    expect(reader.has(path.join(dir, 'missing.bin'))).toBe(false);
    const bad = path.join(dir, 'bad.bin');
    fs.writeFileSync(bad, Buffer.alloc(64));
    expect(() => reader.has(bad)).toThrow(/not a sky blocks file/);
  });
});
