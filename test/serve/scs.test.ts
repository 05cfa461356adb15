/**
 * `/vo/scs` (IVOA Simple Cone Search 1.03) on the simulated store: the VOTable parsed with the test VOTable
 * reader, its rows checked against a brute-force cone over every stored alert; UCDs, VERB, errors as VOTable INFO.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scsTable } from '../../serve/api/scs.js';
import {
  allPartFiles,
  type ServedStore,
  separationDeg,
  simulatedStore,
  storeRows,
} from '../support/serve-stores.js';
import { parseVotable } from '../support/table-readers.js';

type Row = Record<string, unknown>;

describe('/vo/scs', () => {
  let store: ServedStore;
  let alerts: Row[];
  beforeAll(async () => {
    store = await simulatedStore();
    alerts = await storeRows(
      store,
      `SELECT i_objectId, i_ra, i_dec, i_jd FROM read_parquet(${allPartFiles(store, 'idx_sky.parquet')})`,
    );
  });
  afterAll(() => store?.close());

  async function scs(query: string) {
    const res = await store.app.request(`/vo/scs?${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('xml');
    const xml = await res.text();
    return { xml, table: xml.includes('<TABLE') ? parseVotable(xml) : null };
  }

  it('answers one row per object within SR, nearest first, with the SCS UCDs', async () => {
    // the centre: the alert of the store with the most other objects within SR (from the store's files)
    const sr = 3;
    const neighbours = (c: Row) =>
      new Set(
        alerts
          .filter(
            (a) =>
              separationDeg(c.i_ra as number, c.i_dec as number, a.i_ra as number, a.i_dec as number) <= sr,
          )
          .map((a) => String(a.i_objectId)),
      ).size;
    const centre = alerts.reduce((best, a) => (neighbours(a) > neighbours(best) ? a : best));
    const [ra, dec] = [centre.i_ra as number, centre.i_dec as number];
    const { xml, table } = await scs(`RA=${ra}&DEC=${dec}&SR=${sr}`);
    expect(xml).toContain('<INFO name="QUERY_STATUS" value="OK"/>');
    const fields = table?.fields ?? [];
    const ucds = Object.fromEntries(fields.map((f) => [f.ucd, f.name]));
    expect(ucds.ID_MAIN).toBe('objectId');
    expect(ucds.POS_EQ_RA_MAIN).toBe('ra');
    expect(ucds.POS_EQ_DEC_MAIN).toBe('dec');
    const at = (name: string) => fields.findIndex((f) => f.name === name);
    const rows = table?.rows ?? [];
    const expected = new Set(
      alerts
        .filter((a) => separationDeg(ra, dec, a.i_ra as number, a.i_dec as number) <= sr)
        .map((a) => String(a.i_objectId)),
    );
    expect(expected.size).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => r[at('objectId')]))).toEqual(expected);
    expect(rows.length).toBe(expected.size);
    const separations = rows.map((r) => Number(r[at('separation')]));
    expect(separations).toEqual([...separations].sort((a, b) => a - b));
    for (const r of rows) {
      const latest = alerts
        .filter((a) => a.i_objectId === r[at('objectId')])
        .reduce((m, a) => Math.max(m, a.i_jd as number), 0);
      expect(Number(r[at('jd')])).toBe(latest);
    }
  });

  it('chooses columns with VERB and reads parameter names in any case', async () => {
    const c = alerts[3];
    const one = await scs(`ra=${c.i_ra}&dec=${c.i_dec}&sr=0.01&verb=1`);
    expect(one.table?.fields.map((f) => f.name)).toEqual(['objectId', 'ra', 'dec']);
    const three = await scs(`RA=${c.i_ra}&DEC=${c.i_dec}&SR=0.01&VERB=3`);
    expect(three.table?.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['candid', 'jdstarthist']));
    expect(three.table?.rows.map((r) => r[0])).toContain(c.i_objectId);
  });

  it('says OVERFLOW in QUERY_STATUS when the rows were cut', () => {
    const row = { i_objectId: 'ZTF24aaaaaaa', i_ra: 10, i_dec: 20 };
    expect(scsTable([row], 1, true)).toContain('<INFO name="QUERY_STATUS" value="OVERFLOW"/>');
    const table = parseVotable(scsTable([row], 1, false));
    expect(table.rows).toEqual([['ZTF24aaaaaaa', '10', '20']]);
  });

  it('answers an empty table for empty sky', async () => {
    const { table } = await scs('RA=10&DEC=-85&SR=0.1');
    expect(table?.rows).toEqual([]);
  });

  it.each([
    ['DEC=10&SR=0.1', /RA is required/],
    ['RA=abc&DEC=10&SR=0.1', /RA must be a number/],
    ['RA=10&DEC=95&SR=0.1', /DEC must be between -90 and 90/],
    ['RA=10&DEC=10&SR=6', /SR must be between 0 and 5/],
    ['RA=10&DEC=10&SR=0.1&VERB=7', /VERB must be 1, 2 or 3/],
    ["RA=10'%20OR%201=1&DEC=10&SR=0.1", /RA must be a number/],
  ])('answers an error VOTable (HTTP 200) to %s', async (query, message) => {
    const { xml } = await scs(query);
    const status = /<INFO name="QUERY_STATUS" value="ERROR">([^<]*)<\/INFO>/.exec(xml);
    expect(status?.[1]).toMatch(message);
    expect(xml).toMatch(/<INFO ID="Error" name="Error" value="[^"]+"\/>/);
  });
});
