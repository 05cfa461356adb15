/**
 * `/api/v1/xmatch` on the simulated store: catalogues built from stored alert positions (slightly offset) and
 * from empty sky, checked against a brute-force oracle (every catalogue row against every stored alert, unit-
 * vector separations); the CSV, VOTable and parquet inputs; time windows; options; limits and errors.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDecDms, formatRaHms } from '../../compute/sky/sexagesimal.js';
import {
  allPartFiles,
  call,
  fuzzFor5xx,
  type ServedStore,
  separationDeg,
  simulatedStore,
  storeRows,
} from '../support/serve-stores.js';
import { parseCsv, parseVotable } from '../support/table-readers.js';

type Row = Record<string, unknown>;
const PATH = '/api/v1/xmatch';
const RADIUS_ARCSEC = 1.5;

interface CatRow {
  readonly id: string;
  readonly ra: number;
  readonly dec: number;
}

describe('/api/v1/xmatch', () => {
  let store: ServedStore;
  let alerts: Row[];
  let catalogue: CatRow[];

  beforeAll(async () => {
    store = await simulatedStore();
    alerts = await storeRows(
      store,
      `SELECT i_objectId, i_candid, i_ra, i_dec, i_jd FROM read_parquet(${allPartFiles(store, 'idx_sky.parquet')}) ORDER BY i_candid`,
    );
    // 40 rows 0.5″ north of stored alerts (one every 20th), and 10 rows on empty sky far south
    catalogue = [
      ...alerts
        .filter((_, i) => i % 20 === 0)
        .slice(0, 40)
        .map((a, i) => ({ id: `on-${i}`, ra: a.i_ra as number, dec: (a.i_dec as number) + 0.5 / 3600 })),
      ...Array.from({ length: 10 }, (_, i) => ({ id: `off-${i}`, ra: 10 + i, dec: -85 })),
    ];
  });
  afterAll(() => store?.close());

  /** Oracle: for each catalogue row, objectId → latest alert within the radius (and the time test). */
  function oracle(
    rows: readonly CatRow[],
    radiusArcsec: number,
    inTime: (jd: number, row: number) => boolean = () => true,
  ) {
    return rows.map((c, r) => {
      const latest = new Map<string, Row>();
      for (const a of alerts) {
        const jd = a.i_jd as number;
        if (!inTime(jd, r)) continue;
        if (separationDeg(c.ra, c.dec, a.i_ra as number, a.i_dec as number) * 3600 > radiusArcsec) continue;
        const seen = latest.get(String(a.i_objectId));
        if (!seen || jd > (seen.i_jd as number)) latest.set(String(a.i_objectId), a);
      }
      return latest;
    });
  }

  /** The answer's (ID, objectId, jd) triples, sorted. */
  function triples(rows: readonly Row[], idColumn = 'ID'): string[] {
    return rows.map((r) => `${r[idColumn]} ${r['i:objectId']} ${r['i:jd']}`).sort();
  }

  function expectedTriples(rows: readonly CatRow[], found: Map<string, Row>[]): string[] {
    return found
      .flatMap((m, r) => [...m.values()].map((a) => `${rows[r].id} ${a.i_objectId} ${a.i_jd}`))
      .sort();
  }

  const csv = (rows: readonly CatRow[]) =>
    ['RA,Dec,ID', ...rows.map((c) => `${c.ra},${c.dec},${c.id}`)].join('\n');

  it('matches CSV text as the brute-force oracle: latest alert per object, catalogue columns first', async () => {
    const { status, body } = await call(store.app, PATH, {
      catalog: csv(catalogue),
      header: 'RA,Dec,ID',
      radius: RADIUS_ARCSEC,
    });
    expect(status).toBe(200);
    const rows = body as Row[];
    const want = expectedTriples(catalogue, oracle(catalogue, RADIUS_ARCSEC));
    expect(want.length).toBeGreaterThanOrEqual(40);
    expect(triples(rows)).toEqual(want);
    expect(Object.keys(rows[0]).slice(0, 3)).toEqual(['RA', 'Dec', 'ID']);
    for (const r of rows) {
      const c = catalogue.find((x) => x.id === r.ID) as CatRow;
      const sep = separationDeg(c.ra, c.dec, r['i:ra'] as number, r['i:dec'] as number);
      expect(Math.abs((r['v:separation_degree'] as number) - sep)).toBeLessThan(1e-9);
      expect(r['v:classification']).toBeTypeOf('string');
      expect(typeof r.RA).toBe('number'); // numeric CSV columns come back as numbers
    }
    expect(rows.some((r) => String(r.ID).startsWith('off-'))).toBe(false);
  });

  it('finds more with a wider radius, as the oracle', async () => {
    const { body } = await call(store.app, PATH, {
      catalog: csv(catalogue),
      header: 'ra,dec,id',
      radius: 600,
    });
    expect(triples(body as Row[])).toEqual(expectedTriples(catalogue, oracle(catalogue, 600)));
  });

  it('returns every matching alert with alerts=all, and keeps unmatched rows with unmatched=keep', async () => {
    const all = await call(store.app, PATH, {
      catalog: csv(catalogue),
      header: 'RA,Dec,ID',
      radius: 600,
      alerts: 'all',
    });
    const expectedAll = catalogue.flatMap((c) =>
      alerts
        .filter((a) => separationDeg(c.ra, c.dec, a.i_ra as number, a.i_dec as number) * 3600 <= 600)
        .map((a) => `${c.id} ${a.i_objectId} ${a.i_jd}`),
    );
    expect(triples(all.body as Row[])).toEqual(expectedAll.sort());
    const kept = await call(store.app, PATH, {
      catalog: csv(catalogue),
      header: 'RA,Dec,ID',
      radius: RADIUS_ARCSEC,
      unmatched: 'keep',
    });
    const rows = kept.body as Row[];
    expect(rows.filter((r) => String(r.ID).startsWith('off-')).map((r) => r['i:objectId'] ?? null)).toEqual(
      Array(10).fill(null),
    );
    expect(rows.map((r) => r.ID).filter((id, i, a) => a.indexOf(id) === i)).toEqual(
      catalogue.map((c) => c.id),
    );
  });

  it('applies the window around each row Time (the reference ignores it) and a global startdate/stopdate', async () => {
    const rows = catalogue.slice(0, 40);
    const times = rows.map((_, i) => (i % 2 === 0 ? 2460380.5 : 2460370.5)); // 2024-03-11, or 10 days before the store
    const text = ['RA,Dec,ID,Time', ...rows.map((c, i) => `${c.ra},${c.dec},${c.id},${times[i]}`)].join('\n');
    const { body } = await call(store.app, PATH, {
      catalog: text,
      header: 'RA,Dec,ID,Time',
      radius: RADIUS_ARCSEC,
      window: 1,
    });
    const want = expectedTriples(
      rows,
      oracle(rows, RADIUS_ARCSEC, (jd, r) => Math.abs(jd - times[r]) <= 1),
    );
    expect(triples(body as Row[])).toEqual(want);
    expect(want.every((t) => Number(t.split(' ')[0].slice(3)) % 2 === 0)).toBe(true);
    expect(want.length).toBeGreaterThan(0);

    const startJd = 2460380.5; // 2024-03-11: the first simulated night is out
    const global = await call(store.app, PATH, {
      catalog: csv(rows),
      header: 'RA,Dec,ID',
      radius: 600,
      startdate: '2024-03-11',
    });
    expect(triples(global.body as Row[])).toEqual(
      expectedTriples(
        rows,
        oracle(rows, 600, (jd) => jd >= startJd),
      ),
    );
  });

  it('reads sexagesimal coordinates and an uploaded CSV file with its own column names', async () => {
    const rows = catalogue.slice(0, 10);
    const text = ['name;x', ...rows.map((c) => `${c.id};${formatRaHms(c.ra, 4)};${formatDecDms(c.dec, 3)}`)]
      .join('\n')
      .replaceAll(';', ',')
      .replace('name,x', 'name,alpha,delta');
    const f = new FormData();
    f.set('file', new Blob([text]), 'mine.csv');
    f.set('header', 'ALPHA,DELTA,NAME');
    f.set('radius', String(RADIUS_ARCSEC));
    const res = await store.app.request(PATH, { method: 'POST', body: f });
    expect(res.status).toBe(200);
    expect(triples((await res.json()) as Row[], 'name')).toEqual(
      expectedTriples(rows, oracle(rows, RADIUS_ARCSEC)),
    );
  });

  it('reads an uploaded VOTable (TABLEDATA) and an uploaded parquet file', async () => {
    const rows = catalogue.slice(0, 20);
    const votable = [
      '<?xml version="1.0"?><VOTABLE version="1.4"><RESOURCE><TABLE>',
      '<FIELD name="src" datatype="char" arraysize="*"/><FIELD name="RAJ2000" datatype="double"/><FIELD name="DEJ2000" datatype="double"/>',
      '<DATA><TABLEDATA>',
      ...rows.map((c) => `<TR><TD>${c.id}</TD><TD>${c.ra}</TD><TD>${c.dec}</TD></TR>`),
      '</TABLEDATA></DATA></TABLE></RESOURCE></VOTABLE>',
    ].join('\n');
    const want = expectedTriples(rows, oracle(rows, RADIUS_ARCSEC));
    const vf = new FormData();
    vf.set('file', new Blob([votable]), 'cat.xml');
    vf.set('header', 'raj2000,dej2000,src');
    vf.set('radius', '1.5');
    const vres = await store.app.request(PATH, { method: 'POST', body: vf });
    expect(vres.status).toBe(200);
    expect(triples((await vres.json()) as Row[], 'src')).toEqual(want);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-xmatch-test-'));
    const file = path.join(dir, 'cat.parquet');
    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    const values = rows.map((c) => `('${c.id}', ${c.ra}, ${c.dec})`).join(', ');
    await conn.run(`COPY (SELECT * FROM (VALUES ${values}) t(ident, ra, dec)) TO '${file}' (FORMAT parquet)`);
    conn.closeSync();
    db.closeSync();
    const pf = new FormData();
    pf.set('file', new Blob([fs.readFileSync(file)]), 'cat.parquet');
    pf.set('header', 'ra,dec,ident');
    pf.set('radius', '1.5');
    const pres = await store.app.request(PATH, { method: 'POST', body: pf });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(pres.status).toBe(200);
    expect(triples((await pres.json()) as Row[], 'ident')).toEqual(want);
  });

  it('reads a namespace-prefixed VOTable with comments and CDATA, and a CSV with a BOM, CRLF and quoted ids', async () => {
    const rows = catalogue.slice(0, 10);
    const want = expectedTriples(rows, oracle(rows, RADIUS_ARCSEC));
    expect(want.length).toBeGreaterThan(0);
    const upload = async (body: string, header: string) => {
      const f = new FormData();
      f.set('file', new Blob([body]), 'upload');
      f.set('header', header);
      f.set('radius', String(RADIUS_ARCSEC));
      const res = await store.app.request(PATH, { method: 'POST', body: f });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const votable = [
      '<!-- exported by hand -->',
      '<vot:VOTABLE xmlns:vot="http://www.ivoa.net/xml/VOTable/v1.3" version="1.4"><vot:RESOURCE><vot:TABLE>',
      '<vot:FIELD name="src" datatype="char" arraysize="*"/><!-- <vot:FIELD name="x"/> -->',
      '<vot:FIELD name="ra" datatype="double"/><vot:FIELD name="dec" datatype="double"/>',
      '<vot:DATA><vot:TABLEDATA>',
      ...rows.map(
        (c) =>
          `<vot:TR><vot:TD><![CDATA[${c.id}]]></vot:TD><vot:TD>${c.ra}</vot:TD><vot:TD>${c.dec}</vot:TD></vot:TR>`,
      ),
      '</vot:TABLEDATA></vot:DATA></vot:TABLE></vot:RESOURCE></vot:VOTABLE>',
    ].join('\n');
    const vot = await upload(votable, 'ra,dec,src');
    expect(vot.status).toBe(200);
    expect(triples(vot.body as Row[], 'src')).toEqual(want);

    // ids holding a comma and quotes, a note on two lines (CRLF inside quotes read as LF)
    const quoted = rows.map((c) => ({ ...c, id: `${c.id}, "q"` }));
    const csvText = `\uFEFFRA,Dec,ID,note\r\n${rows.map((c) => `${c.ra},${c.dec},"${c.id}, ""q""","two\r\nlines"`).join('\r\n')}\r\n`;
    const csvRes = await upload(csvText, 'RA,Dec,ID');
    expect(csvRes.status).toBe(200);
    expect(triples(csvRes.body as Row[], 'ID')).toEqual(
      expectedTriples(quoted, oracle(quoted, RADIUS_ARCSEC)),
    );
    expect((csvRes.body as Row[]).every((r) => r.note === 'two\nlines')).toBe(true);

    const broken = await upload(votable.replace('</vot:TD></vot:TR>', '</vot:TR>'), 'ra,dec,src');
    expect(broken.status).toBe(400);
    expect((broken.body as { text: string }).text).toMatch(
      /^The VOTable could not be read: the XML is not well-formed at line 6, column \d+: unexpected close tag\.$/,
    );
  });

  it('renames a catalogue column that an alert field also has, keeping both values', async () => {
    const c = catalogue[0];
    const text = `RA,Dec,ID,i:magpsf\n${c.ra},${c.dec},${c.id},99.5\n`;
    const { status, body } = await call(store.app, PATH, {
      catalog: text,
      header: 'RA,Dec,ID',
      radius: RADIUS_ARCSEC,
    });
    expect(status).toBe(200);
    const [row] = body as Row[];
    expect(row['i:magpsf_catalogue']).toBe(99.5);
    expect(row['i:magpsf']).toBeTypeOf('number');
    expect(row['i:magpsf']).not.toBe(99.5);
  });

  it('answers csv and votable with the same rows', async () => {
    const args = { catalog: csv(catalogue), header: 'RA,Dec,ID', radius: RADIUS_ARCSEC };
    const json = (await call(store.app, PATH, args)).body as Row[];
    const csvRes = await call(store.app, PATH, { ...args, 'output-format': 'csv' });
    const table = parseCsv(await csvRes.res.text());
    expect(table[0].slice(0, 3)).toEqual(['RA', 'Dec', 'ID']);
    expect(table.length - 1).toBe(json.length);
    const vot = parseVotable(
      await (await call(store.app, PATH, { ...args, 'output-format': 'votable' })).res.text(),
    );
    expect(vot.rows.length).toBe(json.length);
    expect(vot.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(['ID', 'i:objectId', 'v:separation_degree']),
    );
  });

  it('answers clear 400s naming the problem (header, radius, malformed line, row limit) and 413 beyond 64 MiB', async () => {
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ catalog: csv(catalogue), header: 'RA,Dec', radius: 1.5 }, /Header should contain 3 or 4 entries/],
      [{ catalog: csv(catalogue), header: 'RA,Dec,ID', radius: 18001 }, /radius.*18,000/],
      [{ catalog: 'RA,Dec,ID\n10,abc,a\n', header: 'RA,Dec,ID', radius: 1.5 }, /line 2: Dec "abc"/],
      [{ catalog: 'RA,Dec,ID\n10,20,a\n11,21\n', header: 'RA,Dec,ID', radius: 1.5 }, /line 3: 2 fields/],
      [
        { catalog: csv(catalogue), header: 'RA,Dec,Name', radius: 1.5 },
        /ID column "Name".*not in the catalogue/,
      ],
      [{ catalog: csv(catalogue), header: 'RA,Dec,ID', radius: 1.5, window: 2 }, /Time column/],
      [{ header: 'RA,Dec,ID', radius: 1.5 }, /catalogue is required/],
      [
        { catalog: `RA,Dec,ID\n${'1,2,x\n'.repeat(100_001)}`, header: 'RA,Dec,ID', radius: 1.5 },
        /more than 100,000 rows/,
      ],
    ];
    for (const [args, message] of cases) {
      const { status, body } = await call(store.app, PATH, args);
      expect(status, JSON.stringify(args).slice(0, 80)).toBe(400);
      expect((body as { status: string }).status).toBe('error');
      expect((body as { text: string }).text).toMatch(message);
    }
    const big = new Uint8Array(new ArrayBuffer(64 * 2 ** 20 + 1));
    const res = await store.app.request(`${PATH}?header=RA,Dec,ID&radius=1.5`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(big.length) },
      body: big,
    });
    expect(res.status).toBe(413);
  });

  it('stops a cross-match of more than 500,000 answer rows with a 400, whatever the option', async () => {
    // the alert with the most objects within 5°: 100,000 rows there × those objects > 500,000
    const objectsNear = (a: Row) =>
      new Set(
        alerts
          .filter(
            (b) =>
              separationDeg(a.i_ra as number, a.i_dec as number, b.i_ra as number, b.i_dec as number) <= 5,
          )
          .map((b) => b.i_objectId),
      ).size;
    const c = alerts.reduce((best, a) => (objectsNear(a) > objectsNear(best) ? a : best));
    expect(objectsNear(c)).toBeGreaterThan(5);
    const text = `RA,Dec,ID\n${Array.from({ length: 100_000 }, (_, i) => `${c.i_ra},${c.i_dec},r${i}`).join('\n')}`;
    for (const alerts of ['all', 'latest']) {
      const { status, body } = await call(store.app, PATH, {
        catalog: text,
        header: 'RA,Dec,ID',
        radius: 18_000,
        alerts,
      });
      expect(status).toBe(400);
      expect((body as { text: string }).text).toMatch(
        /one answer holds at most [\d,]+ rows of that many columns/,
      );
    }
  });

  it('accepts exactly 100,000 rows', async () => {
    const text = `RA,Dec,ID\n${Array.from({ length: 100_000 }, (_, i) => `${(i * 0.0036) % 360},${-80 + (i % 1000) * 0.1},r${i}`).join('\n')}`;
    const { status } = await call(store.app, PATH, { catalog: text, header: 'RA,Dec,ID', radius: 1.5 });
    expect(status).toBe(200);
  });

  it('never answers 5xx to fuzzed arguments', async () => {
    expect(
      await fuzzFor5xx(
        store.app,
        PATH,
        [
          'catalog',
          'header',
          'radius',
          'window',
          'startdate',
          'stopdate',
          'alerts',
          'unmatched',
          'columns',
          'output-format',
        ],
        150,
      ),
    ).toEqual([]);
  });
});
