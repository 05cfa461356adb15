/**
 * `/api/v1/bayestar` on the simulated store with the real S200219ac sky map (test/data/skymaps), its event
 * time moved onto the simulated nights with `t0`. The objects found are checked against an independent oracle:
 * the 90 % region from a full sort of the map's PROB values, every stored alert tested by its pixel, the window
 * applied to its jd, the latest alert kept per object.
 */
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFitsBinTable } from '../../compute/fits/index.js';
import { ang2pixNest } from '../../compute/sky/index.js';
import {
  cellAreaSr,
  credibleRegion,
  mocAreaDeg2,
  parseMocAscii,
  parseMocJson,
  readSkymap,
  uniqOf,
} from '../../compute/skymap/index.js';
import { GRACEDB_URL_ENV } from '../../serve/skymap-input.js';
import { withGraceDbStub } from '../support/gracedb-stub.js';
import { pythonBytesRepr } from '../support/python-bytes.js';
import {
  allPartFiles,
  call,
  fuzzFor5xx,
  type ServedStore,
  simulatedStore,
  storeRows,
} from '../support/serve-stores.js';
import { parseVotable } from '../support/table-readers.js';
import { testDataPath } from '../support/test-data.js';

type Row = Record<string, unknown>;
const PATH = '/api/v1/bayestar';
const MAP_FILE = 'S200219ac_G364600_bayestar.fits.gz';
/** 2024-03-11 00:00 UTC: the second simulated night (the simulated store runs 2024-03-10 to 2024-03-12). */
const T0_JD = 2460380.5;

/** Multipart body: the map in `file` and the other fields as text. */
function form(bytes: Uint8Array<ArrayBuffer>, fields: Record<string, string | number>): FormData {
  const f = new FormData();
  f.set('file', new Blob([bytes]), MAP_FILE);
  for (const [k, v] of Object.entries(fields)) f.set(k, String(v));
  return f;
}

describe('/api/v1/bayestar', () => {
  let store: ServedStore;
  let mapBytes: Uint8Array<ArrayBuffer>;
  let alerts: Row[];
  /** Independent 90 % region: the PROB value of the last pixel inside, by a full sort. */
  let threshold90: number;
  let prob: Float64Array;

  beforeAll(async () => {
    mapBytes = Uint8Array.from(fs.readFileSync(testDataPath('skymaps', MAP_FILE)));
    store = await simulatedStore();
    alerts = await storeRows(
      store,
      `SELECT i_objectId, i_candid, i_ra, i_dec, i_jd FROM read_parquet(${allPartFiles(store, 'idx_sky.parquet')})`,
    );
    prob = readSkymap(mapBytes).prob; // NESTED, NSIDE 512
    const sorted = prob.slice().sort();
    let sum = 0;
    let i = sorted.length - 1;
    while (i >= 0 && sum + sorted[i] <= 0.9) sum += sorted[i--];
    threshold90 = sorted[i + 1];
  });
  afterAll(() => store?.close());

  /** Oracle: objectId → its latest alert inside the region and the window; plus ambiguous objects. */
  function expected(startJd: number, stopJd: number) {
    const latest = new Map<string, Row>();
    const ambiguous = new Set<string>();
    for (const a of alerts) {
      const jd = a.i_jd as number;
      if (jd < startJd || jd > stopJd) continue;
      const p = prob[Number(ang2pixNest(9, a.i_ra as number, a.i_dec as number))];
      if (p === threshold90) ambiguous.add(String(a.i_objectId));
      if (p < threshold90) continue;
      const seen = latest.get(String(a.i_objectId));
      if (!seen || jd > (seen.i_jd as number)) latest.set(String(a.i_objectId), a);
    }
    return { latest, ambiguous };
  }

  it('finds exactly the objects with an alert inside the 90 % region and the window, densest first', async () => {
    const res = await store.app.request(PATH, {
      method: 'POST',
      body: form(mapBytes, { credible_level: 0.9, t0: T0_JD }),
    });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Row[];
    const { latest, ambiguous } = expected(T0_JD - 1, T0_JD + 6);
    expect(latest.size).toBeGreaterThan(3); // the simulated sky puts objects inside
    const found = new Map(rows.map((r) => [String(r['i:objectId']), r]));
    for (const id of ambiguous) found.delete(id);
    for (const id of ambiguous) latest.delete(id);
    expect([...found.keys()].sort()).toEqual([...latest.keys()].sort());
    for (const [id, r] of found) expect(r['i:jd']).toBe(latest.get(id)?.i_jd); // the latest alert in the window
    for (const r of rows) {
      expect(r['v:jdstartgw']).toBe(T0_JD);
      const pix = Number(ang2pixNest(9, r['i:ra'] as number, r['i:dec'] as number));
      // density per deg² = PROB / pixel area (NSIDE 512: 4π/3,145,728 sr)
      const perDeg2 = prob[pix] / ((4 * Math.PI) / 3_145_728) / (180 / Math.PI) ** 2;
      expect(r['v:prob_density'] as number).toBeCloseTo(perDeg2, 9);
    }
    const densities = rows.map((r) => r['v:prob_density'] as number);
    expect(densities).toEqual([...densities].sort((a, b) => b - a));
  });

  it('applies exactly [t0 − n_day_before, t0 + n_day_after] to the alert time', async () => {
    const t0 = T0_JD + 1; // 2024-03-12
    const res = await store.app.request(PATH, {
      method: 'POST',
      body: form(mapBytes, { credible_level: 0.9, t0, n_day_before: 0.5, n_day_after: 0.25 }),
    });
    const rows = (await res.json()) as Row[];
    const { latest, ambiguous } = expected(t0 - 0.5, t0 + 0.25);
    const all = expected(T0_JD - 1, T0_JD + 6).latest;
    expect(all.size).toBeGreaterThan(latest.size); // the narrow window leaves objects out
    const ids = rows.map((r) => String(r['i:objectId'])).filter((id) => !ambiguous.has(id));
    expect(ids.sort()).toEqual([...latest.keys()].filter((id) => !ambiguous.has(id)).sort());
    for (const r of rows) {
      expect(r['i:jd'] as number).toBeGreaterThanOrEqual(t0 - 0.5);
      expect(r['i:jd'] as number).toBeLessThanOrEqual(t0 + 0.25);
    }
  });

  it('answers the same to the Python bytes literal of the reference clients and to a raw octet-stream body', async () => {
    const viaFile = await store.app.request(PATH, {
      method: 'POST',
      body: form(mapBytes, { credible_level: 0.5, t0: T0_JD }),
    });
    const expectedRows = await viaFile.json();
    const literal = await call(store.app, PATH, {
      bayestar: pythonBytesRepr(mapBytes),
      credible_level: 0.5,
      t0: T0_JD,
    });
    expect(literal.status).toBe(200);
    expect(literal.body).toEqual(expectedRows);
    // Fink's schema names the map `file`: the same text there is the same request, on /skymap too
    const asFile = await call(store.app, '/api/v1/skymap', {
      file: pythonBytesRepr(mapBytes),
      credible_level: 0.5,
      t0: T0_JD,
    });
    expect(asFile.status).toBe(200);
    expect(asFile.body).toEqual(expectedRows);
    const both = await call(store.app, PATH, {
      file: pythonBytesRepr(mapBytes),
      bayestar: pythonBytesRepr(mapBytes),
      credible_level: 0.5,
    });
    expect(both.status).toBe(400);
    expect((both.body as { text: string }).text).toContain('not both');
    const raw = await store.app.request(`${PATH}?credible_level=0.5&t0=${T0_JD}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: mapBytes,
    });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual(expectedRows);
  });

  it('answers the credible region as a MOC (JSON and ASCII) of the 90 % area, 1,250.7 deg²', async () => {
    for (const format of ['moc-json', 'moc-ascii']) {
      const res = await store.app.request(PATH, {
        method: 'POST',
        body: form(mapBytes, { credible_level: 0.9, 'output-format': format }),
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      const moc = format === 'moc-json' ? parseMocJson(text) : parseMocAscii(text);
      expect(Math.abs(mocAreaDeg2(moc) - 1250.7) / 1250.7).toBeLessThan(0.001);
    }
  });

  it('answers the 90 % region of G617545 as a MOC of the area an independent full sort gives', async () => {
    const bytes = Uint8Array.from(fs.readFileSync(testDataPath('skymaps', 'G617545_bayestar.fits.gz')));
    const res = await store.app.request(PATH, {
      method: 'POST',
      body: form(bytes, { credible_level: 0.9, 'output-format': 'moc-json' }),
    });
    expect(res.status).toBe(200);
    const other = readSkymap(bytes).prob.slice().sort();
    let sum = 0;
    let pixels = 0;
    for (let i = other.length - 1; i >= 0 && sum + other[i] <= 0.9; i--, pixels++) sum += other[i];
    const pixelDeg2 = (4 * Math.PI * (180 / Math.PI) ** 2) / other.length;
    expect(Math.abs(mocAreaDeg2(parseMocJson(await res.text())) - pixels * pixelDeg2)).toBeLessThanOrEqual(
      pixelDeg2,
    );
  });

  it('answers a gzipped multi-order (UNIQ/PROBDENSITY) map as the flat map it was built from, t0 given', async () => {
    // order-6 cells outside the 99 % region, order-9 pixels inside: the 90 % region keeps the same pixels
    const flat = readSkymap(mapBytes);
    const r99 = credibleRegion(flat, 0.99);
    const uniq: bigint[] = [];
    const density: number[] = [];
    for (let parent = 0; parent < 12 * 4 ** 6; parent++) {
      const first = parent * 64;
      if (r99.isInRegion.subarray(first, first + 64).includes(1)) {
        for (let pix = first; pix < first + 64; pix++) {
          uniq.push(BigInt(uniqOf(9, pix)));
          density.push(flat.prob[pix] / cellAreaSr(9));
        }
      } else {
        const sum = flat.prob.subarray(first, first + 64).reduce((a, b) => a + b, 0);
        uniq.push(BigInt(uniqOf(6, parent)));
        density.push(sum / cellAreaSr(6));
      }
    }
    const multi = Uint8Array.from(
      gzipSync(
        writeFitsBinTable({
          columns: [
            { name: 'UNIQ', type: 'K', values: uniq },
            { name: 'PROBDENSITY', type: 'D', unit: 'sr-1', values: density },
          ],
          cards: [{ keyword: 'ORDERING', value: 'NUNIQ' }],
        }),
      ),
    );
    const noTime = await store.app.request(PATH, {
      method: 'POST',
      body: form(multi, { credible_level: 0.9 }),
    });
    expect(noTime.status).toBe(400);
    expect(((await noTime.json()) as { text: string }).text).toMatch(/no DATE-OBS.*t0/);
    const ids = async (bytes: Uint8Array<ArrayBuffer>) => {
      const res = await store.app.request(PATH, {
        method: 'POST',
        body: form(bytes, { credible_level: 0.9, t0: T0_JD }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as Row[]).map((r) => r['i:objectId']);
    };
    expect(await ids(multi)).toEqual(await ids(mapBytes));
  });

  it('writes VOTable with v:jdstartgw and v:prob_density', async () => {
    const res = await store.app.request(PATH, {
      method: 'POST',
      body: form(mapBytes, { credible_level: 0.9, t0: T0_JD, 'output-format': 'votable' }),
    });
    expect(res.headers.get('content-type')).toContain('votable');
    const table = parseVotable(await res.text());
    expect(table.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['v:jdstartgw', 'v:prob_density']),
    );
    expect(table.rows.length).toBeGreaterThan(0);
  });

  it('uses the map time (DATE-OBS) by default: no simulated alert in February 2020', async () => {
    const res = await store.app.request(PATH, {
      method: 'POST',
      body: form(mapBytes, { credible_level: 0.9 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('refuses an event name without a configured download URL, and downloads it when configured', async () => {
    delete process.env[GRACEDB_URL_ENV];
    const refused = await call(store.app, PATH, { event_name: 'S200219ac', credible_level: 0.9 });
    expect(refused.status).toBe(400);
    expect((refused.body as { text: string }).text).toMatch(/does not download sky maps.*upload/);

    await withGraceDbStub('S200219ac', mapBytes, async () => {
      const byName = await call(store.app, PATH, { event_name: 'S200219ac', credible_level: 0.5, t0: T0_JD });
      const byFile = await store.app.request(PATH, {
        method: 'POST',
        body: form(mapBytes, { credible_level: 0.5, t0: T0_JD }),
      });
      expect(byName.status).toBe(200);
      expect(byName.body).toEqual(await byFile.json());
      const unknown = await call(store.app, PATH, { event_name: 'S990101a', credible_level: 0.5 });
      expect(unknown.status).toBe(400);
      expect((unknown.body as { text: string }).text).toContain('No sky map found');
    });
  });

  it('answers clear 400s: no map, no level, a level out of range, an unreadable map, a bad literal', async () => {
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ credible_level: 0.9 }, /Give a sky map/],
      [{ bayestar: "b'\\x1f\\x8b'" }, /credible_level/],
      [{ bayestar: "b'\\x1f\\x8b'", credible_level: 1.5 }, /credible_level.*at most 1/],
      [{ bayestar: "b'SIMPLE  =                    T'", credible_level: 0.9 }, /could not be read/],
      [{ bayestar: "__import__('os').system('true')", credible_level: 0.9 }, /not a Python bytes literal/],
      [{ bayestar: "b'\\x1'", credible_level: 0.9 }, /incomplete \\x escape/],
      [{ bayestar: "b'\\x1f\\x8b\\x08'", credible_level: 0.9 }, /gzip/],
    ];
    for (const [args, message] of cases) {
      const { status, body } = await call(store.app, PATH, args);
      expect(status, JSON.stringify(args)).toBe(400);
      expect((body as { status: string; text: string }).status).toBe('error');
      expect((body as { text: string }).text).toMatch(message);
    }
  });

  it('answers 413 to a map over 256 MiB once decompressed (a gzip bomb)', async () => {
    const bomb = Uint8Array.from(gzipSync(new Uint8Array(256 * 2 ** 20 + 1)));
    expect(bomb.length).toBeLessThan(2 ** 20);
    const res = await store.app.request(PATH, { method: 'POST', body: form(bomb, { credible_level: 0.9 }) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { text: string }).text).toMatch(/larger than 256 MiB once decompressed/);
  });

  it('answers 413 to a body over 64 MiB', async () => {
    const big = new Uint8Array(new ArrayBuffer(64 * 2 ** 20 + 1));
    const res = await store.app.request(`${PATH}?credible_level=0.9`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(big.length) },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { status: string }).status).toBe('error');
  });

  it('never answers 5xx to fuzzed arguments', async () => {
    expect(
      await fuzzFor5xx(
        store.app,
        PATH,
        [
          'bayestar',
          'event_name',
          'credible_level',
          'n_day_before',
          'n_day_after',
          't0',
          'columns',
          'output-format',
        ],
        100,
      ),
    ).toEqual([]);
  });

  it('lists its arguments on a GET without parameters', async () => {
    const res = await store.app.request(PATH);
    const names = ((await res.json()) as { args: { name: string }[] }).args.map((a) => a.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'file',
        'bayestar',
        'event_name',
        'credible_level',
        'n_day_before',
        'n_day_after',
      ]),
    );
  });
});
