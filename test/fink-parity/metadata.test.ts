/**
 * Adapted from Fink's metadata route tests: fink-object-api `apps/routes/v1/ztf/metadata/test.py` at commit
 * 17051cac1ed6b8adaf3d14c60cf013d5b7fbebd2 (Apache-2.0, AstroLab Software). Every Fink test function is an `it`
 * of the same name and meaning. Fink's tests read annotations its users wrote in production; ours are written
 * first by POST with a write token (Fink lets anyone write; we do not, docs/api.md#metadata), on objects of a real
 * alert file (fink-client 2026-03 sample, read here by avsc), each named as Fink's examples are, "Fink J" and the
 * alert's position in sexagesimal. Then the token rules, the validation, and the append-only log.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import avro from 'avsc';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServeSettings } from '../../bin/commands/serve-settings.js';
import { createApp } from '../../serve/app.js';
import { parseWriteTokens } from '../../serve/index.js';
import { StoreReader } from '../../serve/store-reader.js';
import { exactLong } from '../support/input-alerts.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

type Row = Record<string, unknown>;

const ALERT_FILE = () => testDataPath('ztf_enriched', 'fink-client_ztf_2026-03', 'part-3-305711.avro');
const TOKEN = 'annotator-secret-0123456789';
const OTHER_TOKEN = 'someone-else-secret-987654';

/** objectId, ra and dec (deg) of each alert of an Avro file, read by avsc. */
function readPositions(file: string): Promise<{ objectId: string; ra: number; dec: number }[]> {
  return new Promise((resolve, reject) => {
    const out: { objectId: string; ra: number; dec: number }[] = [];
    avro
      .createFileDecoder(file, {
        parseHook: (schema: unknown) =>
          avro.Type.forSchema(schema as avro.Schema, { registry: { long: exactLong } }),
      } as never)
      .on('data', (a: Row) => {
        const c = a.candidate as Row;
        out.push({ objectId: String(a.objectId), ra: Number(c.ra), dec: Number(c.dec) });
      })
      .on('end', () => resolve(out))
      .on('error', reject);
  });
}

/** "Fink JHHMMSS.ss±DDMMSS.s", the form of Fink's internal names, from a position (deg). */
function finkName(raDeg: number, decDeg: number): string {
  const pad = (n: number, w: number, d: number) => n.toFixed(d).padStart(w, '0');
  const h = raDeg / 15;
  const hh = Math.floor(h);
  const mm = Math.floor((h - hh) * 60);
  const ss = ((h - hh) * 60 - mm) * 60;
  const a = Math.abs(decDeg);
  const dd = Math.floor(a);
  const dm = Math.floor((a - dd) * 60);
  const ds = ((a - dd) * 60 - dm) * 60;
  return `Fink J${pad(hh, 2, 0)}${pad(mm, 2, 0)}${pad(ss, 5, 2)}${decDeg < 0 ? '-' : '+'}${pad(dd, 2, 0)}${pad(dm, 2, 0)}${pad(ds, 4, 1)}`;
}

describe('Fink metadata tests (apps/routes/v1/ztf/metadata/test.py)', () => {
  const layout = tempStore('skyalert-fink-metadata-');
  let reader: StoreReader;
  let app: Hono;
  /** Two objects of the alert file and the annotations written on them. */
  let first: { objectId: string; name: string };
  let second: { objectId: string; name: string };

  const post = (body: Row, authorization?: string, on: Hono = app) =>
    on.request('/api/v1/metadata', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
    });

  /** Fink's `get_metadata()` helper: GET with one argument, expect 200, read the JSON records. */
  async function getMetadata(query: string): Promise<Row[]> {
    const res = await app.request(`/api/v1/metadata?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Row[];
  }

  beforeAll(async () => {
    const alerts = await readPositions(ALERT_FILE());
    const ids = [...new Map(alerts.map((a) => [a.objectId, a])).values()].sort((a, b) =>
      a.objectId < b.objectId ? -1 : 1,
    );
    expect(ids.length).toBeGreaterThan(1);
    first = { objectId: ids[0].objectId, name: finkName(ids[0].ra, ids[0].dec) };
    second = { objectId: ids[1].objectId, name: finkName(ids[1].ra, ids[1].dec) };
    reader = await StoreReader.open(layout, testLog);
    const settings = readServeSettings({ SKYALERT_WRITE_TOKENS: `annotator:${TOKEN}` });
    app = createApp(reader, testLog, settings);
    const writes = [
      { objectId: first.objectId, internal_name: first.name, username: 'tester', comments: 'coucou' },
      {
        objectId: second.objectId,
        internal_name: second.name,
        username: 'pruzhinskaya',
        comments: 'Candidate to red dwarf flare, credit',
      },
    ];
    for (const w of writes) expect((await post(w, `Bearer ${TOKEN}`)).status).toBe(200);
  });

  afterAll(() => {
    reader?.close();
    fs.rmSync(layout.root, { recursive: true, force: true });
  });

  it('test_objectid', async () => {
    const pdf = await getMetadata(`objectId=${first.objectId}`);
    expect(pdf[0]['d:comments']).toBe('coucou');
  });

  it('test_internal_name', async () => {
    const pdf = await getMetadata(
      `internal_name=${new URLSearchParams({ x: second.name }).toString().slice(2)}`,
    );
    const oid = pdf[0]['i:objectId'];
    expect(oid).toBe(second.objectId);
    const meta = await getMetadata(`objectId=${oid}`);
    expect(meta[0]['d:username']).toBe('pruzhinskaya');
    expect(meta[0]['d:comments']).toBe('Candidate to red dwarf flare, credit');
    expect(meta[0]['d:internal_name_encoded']).toBe(second.name.replaceAll(' ', ''));
  });

  it('test_internal_name_encoded', async () => {
    const encoded = second.name.replaceAll(' ', '');
    const pdf = await getMetadata(`internal_name_encoded=${encodeURIComponent(encoded)}`);
    const oid = pdf[0]['i:objectId'];
    expect(oid).toBe(second.objectId);
    const meta = await getMetadata(`objectId=${oid}`);
    expect(meta[0]['d:username']).toBe('pruzhinskaya');
    expect(meta[0]['d:comments']).toBe('Candidate to red dwarf flare, credit');
    expect(meta[0]['d:internal_name']).toBe(second.name);
  });

  it('test_get_all', async () => {
    const pdf = await getMetadata('objectId=all');
    expect(pdf.length).toBeGreaterThan(1);
    expect(pdf.map((r) => r['i:objectId'])).toEqual([first.objectId, second.objectId]);
  });

  // Beyond Fink's file: tokens, validation, the log

  it('refuses a write without a token (401, nothing stored)', async () => {
    const before = fs.readFileSync(layout.annotationsFile, 'utf8');
    const body = { objectId: first.objectId, internal_name: 'x', username: 'mallory', comments: 'overwrite' };
    for (const authorization of [
      undefined,
      `Basic ${Buffer.from(`a:${TOKEN}`).toString('base64')}`,
      'Bearer',
    ]) {
      const res = await post(body, authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(((await res.json()) as Row).status).toBe('error');
    }
    expect(fs.readFileSync(layout.annotationsFile, 'utf8')).toBe(before);
    expect((await getMetadata(`objectId=${first.objectId}`))[0]['d:comments']).toBe('coucou');
  });

  it('refuses a token the operator did not issue (403), and every write where none is issued', async () => {
    const body = { objectId: first.objectId, internal_name: 'x', username: 'mallory' };
    for (const token of [OTHER_TOKEN, `${TOKEN}x`, TOKEN.slice(0, -1), 'annotator', 'a'])
      expect((await post(body, `Bearer ${token}`)).status, token).toBe(403);
    const closed = createApp(reader, testLog);
    const res = await post(body, `Bearer ${TOKEN}`, closed);
    expect(res.status).toBe(403);
    expect(((await res.json()) as Row).text).toContain('no write token');
    expect((await getMetadata(`objectId=${first.objectId}`))[0]['d:comments']).toBe('coucou');
  });

  it('keeps every write with its time and author; reads answer the latest one', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-tokens-')), 'tokens');
    fs.writeFileSync(file, `# operator's tokens\nsecond-annotator:${OTHER_TOKEN}\n`);
    const settings = readServeSettings({
      SKYALERT_WRITE_TOKENS: `annotator:${TOKEN}`,
      SKYALERT_WRITE_TOKENS_FILE: file,
    });
    expect(settings.writeTokens.map((t) => t.identity)).toEqual(['annotator', 'second-annotator']);
    const both = createApp(reader, testLog, settings);
    const started = Date.now();
    const res = await post(
      { objectId: first.objectId, internal_name: first.name, username: 'tester', comments: 'second look' },
      `Bearer ${OTHER_TOKEN}`,
      both,
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as Row[])[0]).toMatchObject({
      'i:objectId': first.objectId,
      'd:comments': 'second look',
    });
    expect((await getMetadata(`objectId=${first.objectId}`))[0]['d:comments']).toBe('second look');
    const lines = fs
      .readFileSync(layout.annotationsFile, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Row);
    expect(lines.filter((l) => l.objectId === first.objectId).map((l) => l.comments)).toEqual([
      'coucou',
      'second look',
    ]);
    const last = lines[lines.length - 1];
    expect(last.author).toBe('second-annotator');
    expect(Date.parse(String(last.time))).toBeGreaterThanOrEqual(started - 1000);
    expect(lines[0].author).toBe('annotator');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('skips a torn record left by a crash, and keeps the records around it', async () => {
    const before = (await getMetadata('objectId=all')).length;
    fs.appendFileSync(layout.annotationsFile, '\n{"objectId":"ZTF99aaaaaaa","internal_name":"torn');
    const res = await post(
      { objectId: 'ZTF26zzzzzzz', internal_name: 'after the crash', username: 'tester' },
      `Bearer ${TOKEN}`,
    );
    expect(res.status).toBe(200);
    const all = await getMetadata('objectId=all');
    expect(all).toHaveLength(before + 1);
    expect(all.map((r) => r['i:objectId'])).toContain('ZTF26zzzzzzz');
    expect(all.map((r) => r['i:objectId'])).not.toContain('ZTF99aaaaaaa');
  });

  it.each([
    [{ internal_name: 'n', username: 'u' }, 'objectId'],
    [{ objectId: 'ZTF26aaaaaaa', username: 'u' }, 'internal_name'],
    [{ objectId: 'ZTF26aaaaaaa', internal_name: 'n' }, 'username'],
    [{ objectId: 'all', internal_name: 'n', username: 'u' }, '`objectId`'],
    [{ objectId: "ZTF'; DROP TABLE", internal_name: 'n', username: 'u' }, '`objectId`'],
    [{ objectId: 'ZTF26aaaaaaa', internal_name: 'n', username: 'u<script>' }, '`username`'],
    [{ objectId: 'ZTF26aaaaaaa', internal_name: 'n'.repeat(129), username: 'u' }, '`internal_name`'],
    [
      { objectId: 'ZTF26aaaaaaa', internal_name: 'n', username: 'u', comments: 'c'.repeat(2001) },
      '`comments`',
    ],
    [{ objectId: 'ZTF26aaaaaaa', internal_name: 'n\u0000', username: 'u' }, '`internal_name`'],
  ])('answers 400 to the write %j', async (body, where) => {
    const res = await post(body, `Bearer ${TOKEN}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Row).text).toContain(where);
  });

  it('answers 413 to a body over 64 KiB, before reading it', async () => {
    const res = await post(
      { objectId: 'ZTF26aaaaaaa', internal_name: 'n', username: 'u', comments: 'c'.repeat(70_000) },
      `Bearer ${TOKEN}`,
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as Row).status).toBe('error');
  });

  it('answers 400 to a read with two keys or a write-only key, and [] to an unknown object', async () => {
    for (const q of [`objectId=${first.objectId}&internal_name=x`, 'username=tester', 'comments=x']) {
      const res = await app.request(`/api/v1/metadata?${q}`);
      expect(res.status, q).toBe(400);
    }
    expect(await getMetadata('objectId=ZTF26nothere')).toEqual([]);
  });

  it('rejects malformed token settings at start-up, naming the entry but not the secret', () => {
    expect(() => parseWriteTokens('short', 'SKYALERT_WRITE_TOKENS')).toThrow(/entry 1.*shorter than 16/);
    expect(() => parseWriteTokens(`ok:${TOKEN},bad id:${OTHER_TOKEN}`, 'X')).toThrow(/entry 2/);
    expect(() => readServeSettings({ SKYALERT_WRITE_TOKENS: 'tooShortSecret' })).toThrow(/write tokens/);
    try {
      parseWriteTokens('tooShortSecret', 'X');
    } catch (err) {
      expect((err as Error).message).not.toContain('tooShortSecret');
    }
    const bare = parseWriteTokens(TOKEN, 'X')[0];
    expect(bare.identity).toMatch(/^token-[0-9a-f]{8}$/);
  });
});
