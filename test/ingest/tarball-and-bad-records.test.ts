/**
 * ZTF nightly archives streamed without unpacking, and records that decode but are not valid alerts: both end
 * staged or quarantined with a reason, and ingestion continues.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import avro from 'avsc';
import tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { bigintLongType } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { encodeContainer } from '../../ingest/simulate/index.js';
import { readQuarantine } from '../../ingest/stage/quarantine.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

async function makeTarball(file: string, entries: [string, Buffer][]): Promise<void> {
  const pack = tar.pack();
  for (const [name, data] of entries) pack.entry({ name, size: data.length }, data);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  fs.writeFileSync(file, zlib.gzipSync(Buffer.concat(chunks)));
}

const datatest = () => testDataPath('ztf_raw_avro', 'fink-client_datatest');

describe('ZTF nightly tarballs', () => {
  const layout = tempStore();
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it('streams every .avro entry, skips other entries, quarantines a corrupt entry', async () => {
    const names = fs
      .readdirSync(datatest())
      .filter((f) => f.endsWith('.avro'))
      .sort();
    const entries: [string, Buffer][] = names.map((n) => [
      `ztf_public_20191127/${n}`,
      fs.readFileSync(path.join(datatest(), n)),
    ]);
    entries.push(['ztf_public_20191127/README.txt', Buffer.from('not an alert')]);
    entries.push(['ztf_public_20191127/broken.avro', Buffer.from('Obj\x01garbage')]);
    const file = path.join(layout.root, 'ztf_public_20191127.tar.gz');
    await makeTarball(file, entries);
    const s = await ingestFiles(layout, [file], { ingesterId: 't', log: testLog });
    // 4 one-alert files + avro_multi_alerts_other.avro (3 alerts) = 7 alerts
    expect(s.staged).toBe(7);
    expect(s.quarantined).toBe(1);
    const q = readQuarantine(layout);
    expect(q[0].position).toMatchObject({ kind: 'file' });
    expect((q[0].position as { file: string }).file).toMatch(/broken\.avro$/);
  });

  it('keeps the alerts before a truncation and quarantines the unreadable rest', async () => {
    const names = fs
      .readdirSync(datatest())
      .filter((f) => f.endsWith('.avro'))
      .sort();
    const entries: [string, Buffer][] = names.map((n) => [n, fs.readFileSync(path.join(datatest(), n))]);
    const full = path.join(layout.root, 'full.tar.gz');
    await makeTarball(full, entries);
    const bytes = fs.readFileSync(full);
    const cut = path.join(layout.root, 'ztf_public_20191128.tar.gz');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const other = tempStore();
    const s = await ingestFiles(other, [cut], { ingesterId: 't', log: testLog });
    expect(s.quarantined).toBe(1);
    expect(s.staged).toBeGreaterThan(0);
    expect(s.staged).toBeLessThan(7);
    expect(readQuarantine(other)[0].reason).toMatch(/unreadable archive/);
    fs.rmSync(other.root, { recursive: true, force: true });
  });
});

describe('records that are not valid alerts', () => {
  const layout = tempStore();
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));
  const type = avro.Type.forSchema(
    {
      type: 'record',
      name: 'alert',
      fields: [
        { name: 'objectId', type: ['null', 'string'], default: null },
        { name: 'candid', type: ['null', 'long'], default: null },
        {
          name: 'candidate',
          type: {
            type: 'record',
            name: 'candidate',
            fields: [
              { name: 'jd', type: ['null', 'double', 'string'], default: null },
              { name: 'fid', type: 'long' },
              { name: 'ra', type: ['null', 'double'], default: null },
              { name: 'dec', type: ['null', 'double'], default: null },
            ],
          },
        },
      ],
    },
    { registry: { long: bigintLongType } },
  );
  const good = {
    objectId: 'ZTF24aaaaaaa',
    candid: 2500000000000000001n,
    candidate: { jd: 2460400.8, fid: 1n, ra: 10, dec: 20 },
  };

  it('quarantines each bad record with its reason and stages the good one', async () => {
    const cases: [string, unknown][] = [
      ['missing objectId', { ...good, objectId: null }],
      ['missing candid', { ...good, candid: null }],
      [
        'jd of the wrong type',
        { ...good, candid: 2500000000000000002n, candidate: { ...good.candidate, jd: 'yesterday' } },
      ],
      [
        'ra out of range',
        { ...good, candid: 2500000000000000003n, candidate: { ...good.candidate, ra: 400 } },
      ],
      ['missing jd', { ...good, candid: 2500000000000000004n, candidate: { ...good.candidate, jd: null } }],
      [
        'an int field beyond 32 bits',
        { ...good, candid: 2500000000000000005n, candidate: { ...good.candidate, fid: 2n ** 40n } },
      ],
    ];
    const dir = fs.mkdtempSync(path.join(layout.root, 'in-'));
    cases.forEach(([, record], i) => {
      fs.writeFileSync(path.join(dir, `bad-${i}.avro`), encodeContainer([record], type));
    });
    fs.writeFileSync(path.join(dir, 'good.avro'), encodeContainer([good], type));
    const s = await ingestFiles(layout, [dir], { ingesterId: 't', log: testLog });
    expect(s.staged).toBe(1);
    expect(s.quarantined).toBe(cases.length);
    const reasons = readQuarantine(layout).map((e) => e.reason);
    expect(reasons.some((r) => /objectId/.test(r))).toBe(true);
    expect(reasons.some((r) => /candid/.test(r))).toBe(true);
    expect(reasons.filter((r) => /jd/.test(r))).toHaveLength(2);
    expect(reasons.some((r) => /ra\/dec/.test(r))).toBe(true);
    expect(reasons.some((r) => /field candidate\.fid has a wrong type/.test(r))).toBe(true);
  });
});
