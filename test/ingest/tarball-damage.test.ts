/**
 * Damaged and empty nightly archives: a truncated archive's quarantine entry keeps the unreadable rest (the
 * broken entry's tar header and the bytes of it that arrived), not 0 bytes; an archive without alerts is reported
 * (a warning naming it, and `emptyInputs` in the summary), not ingested silently.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../ingest/index.js';
import { readQuarantine } from '../../ingest/stage/quarantine.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

/** The bytes of an uncompressed tar of `entries`. */
async function tarOf(entries: [string, Buffer][]): Promise<Buffer> {
  const pack = tar.pack();
  for (const [name, data] of entries) pack.entry({ name, size: data.length }, data);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const datatest = () => testDataPath('ztf_raw_avro', 'fink-client_datatest');

describe('damaged and empty archives', () => {
  const layout = tempStore();
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it("keeps a truncated archive's unreadable rest in the quarantine", async () => {
    const names = fs
      .readdirSync(datatest())
      .filter((f) => f.endsWith('.avro'))
      .sort();
    const entries: [string, Buffer][] = names.map((n) => [n, fs.readFileSync(path.join(datatest(), n))]);
    const whole = await tarOf(entries);
    // cut inside the third entry's data: its 512-byte header starts after two whole entries
    const padded = (n: number) => Math.ceil(n / 512) * 512;
    const thirdAt = 512 + padded(entries[0][1].length) + 512 + padded(entries[1][1].length);
    const cutAt = thirdAt + 512 + 1000;
    const file = path.join(layout.root, 'ztf_public_20191127.tar.gz');
    // gzip of the cut tar: the archive ends early, as a truncated download does
    fs.writeFileSync(file, zlib.gzipSync(whole.subarray(0, cutAt)));
    const s = await ingestFiles(layout, [file], { ingesterId: 't', log: testLog, publish: false });
    expect(s.quarantined).toBe(1);
    const [entry] = readQuarantine(layout).filter((e) => /unreadable archive/.test(e.reason));
    expect(entry.reason).toMatch(/after 2 entries/);
    const day = fs.readdirSync(path.join(layout.root, 'quarantine'))[0];
    const kept = fs.readFileSync(path.join(layout.root, 'quarantine', day, entry.file));
    expect(kept.equals(whole.subarray(thirdAt, cutAt))).toBe(true);
    expect(entry.bytes).toBe(cutAt - thirdAt);
  });

  it('reports an archive without alerts', async () => {
    const file = path.join(layout.root, 'ztf_public_20191128.tar.gz');
    fs.writeFileSync(file, zlib.gzipSync(await tarOf([])));
    const s = await ingestFiles(layout, [file], { ingesterId: 'e', log: testLog, publish: false });
    expect(s.read).toBe(0);
    expect(s.emptyInputs).toEqual([file]);
  });
});
