import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unixMsToJd } from '../../compute/time/index.js';
import { isTrackletIdPrefix, trackletPrefixOfDate } from '../../serve/api/tracklet.js';
import {
  allPartFiles,
  call,
  fuzzFor5xx,
  realStore,
  type ServedStore,
  simulatedStore,
  storeRows,
} from '../support/serve-stores.js';

type Row = Record<string, unknown>;
const PATH = '/api/v1/tracklet';

describe('tracklet prefixes', () => {
  it('turns dates into id prefixes as the reference', () => {
    expect(trackletPrefixOfDate('2021-10-22 09:19:49 00')).toBe('TRCK_20211022_091949_00');
    expect(trackletPrefixOfDate('2021-08-10')).toBe('TRCK_20210810');
    expect(trackletPrefixOfDate('2021-10-22 09')).toBe('TRCK_20211022_09');
    expect(trackletPrefixOfDate('2021-10-22T09:19')).toBe('TRCK_20211022_0919');
    expect(trackletPrefixOfDate('22/10/2021')).toBeNull();
    expect(trackletPrefixOfDate('2021-10-22 9:19')).toBeNull();
  });
  it('accepts prefixes of TRCK_YYYYMMDD_HHMMSS_NN only', () => {
    for (const ok of ['T', 'TRCK', 'TRCK_2021', 'TRCK_20211022_091949_00'])
      expect(isTrackletIdPrefix(ok)).toBe(true);
    for (const bad of ['', 'X', 'TRCK-', 'TRCK_2021a', 'TRCK_20211022_091949_000', "TRCK_' OR 1=1"])
      expect(isTrackletIdPrefix(bad)).toBe(false);
  });
});

describe('/api/v1/tracklet on simulated alerts', () => {
  let store: ServedStore;
  let tracklets: Row[];
  beforeAll(async () => {
    store = await simulatedStore();
    tracklets = await storeRows(
      store,
      `SELECT d_tracklet, i_candid, i_jd FROM read_parquet(${allPartFiles(store, 'idx_tracklet.parquet')})
       ORDER BY d_tracklet, i_objectId`,
    );
  });
  afterAll(() => store?.close());

  it('never answers 5xx to fuzzed arguments, and every 4xx is a JSON error', async () => {
    expect(await fuzzFor5xx(store.app, PATH, ['id', 'date', 'columns', 'output-format'])).toEqual([]);
  });

  it('finds the alerts of a night by date (reference test_simple_trackletsearch)', async () => {
    const expected = tracklets.filter((t) => String(t.d_tracklet).startsWith('TRCK_20240310'));
    expect(expected.length).toBeGreaterThan(0);
    const { status, body } = await call(store.app, PATH, { date: '2024-03-10' });
    expect(status).toBe(200);
    const rows = body as Row[];
    expect(rows.map((r) => r['i:candid'])).toEqual(expected.map((t) => Number(t.i_candid)));
    expect(rows.every((r) => String(r['d:tracklet']).startsWith('TRCK_20240310'))).toBe(true);
    expect(rows[0]['v:lastdate']).toMatch(/^2024-03-10 /);
  });

  it('finds the alerts of one exposure by full date (reference test_fulldate)', async () => {
    const first = String(tracklets[0].d_tracklet); // TRCK_YYYYMMDD_HHMMSS_NN
    const [, ymd, hms] = first.split('_');
    const date = `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)} ${hms.slice(0, 2)}:${hms.slice(2, 4)}:${hms.slice(4)}`;
    const jd = unixMsToJd(Date.parse(`${date.replace(' ', 'T')}Z`));
    const rows = (await call(store.app, PATH, { date }, 'GET')).body as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => (r['i:jd'] as number).toFixed(3) === jd.toFixed(3))).toBe(true);
    const single = (await call(store.app, PATH, { date: `${date} ${first.slice(-2)}` })).body as Row[];
    expect(single.length).toBeGreaterThan(0);
    expect(single.every((r) => r['d:tracklet'] === first)).toBe(true);
  });

  it('finds alerts by id or id prefix, id winning over date', async () => {
    const all = (await call(store.app, PATH, { id: 'TRCK' })).body as Row[];
    expect(all.map((r) => r['i:candid'])).toEqual(tracklets.map((t) => Number(t.i_candid)));
    const last = String(tracklets[tracklets.length - 1].d_tracklet);
    const exact = (await call(store.app, PATH, { id: last, date: '2024-03-10' })).body as Row[];
    expect(exact.length).toBe(tracklets.filter((t) => t.d_tracklet === last).length);
    expect(exact.every((r) => r['d:tracklet'] === last)).toBe(true);
  });

  it('answers [] for a date without tracklets and restricts columns', async () => {
    expect((await call(store.app, PATH, { date: '2021-08-10' })).body).toEqual([]);
    const rows = (await call(store.app, PATH, { id: 'TRCK_2024', columns: 'd:tracklet,i:jd' })).body as Row[];
    expect(Object.keys(rows[0])).toEqual(['i:jd', 'd:tracklet']);
  });

  it.each([
    [{}, /You need to specify a date at the format YYYY-MM-DD hh:mm:ss/],
    [{ date: '' }, /You need to specify a date/],
    [{ date: '10/03/2024' }, /Invalid `date`/],
    [{ date: "2024-03-10' OR 1=1" }, /Invalid `date`/],
    [{ id: 'TRACK_1' }, /Invalid tracklet `id`/],
    [{ id: 'TRCK_20240310', columns: 'nope' }, /None of the requested columns/],
    [{ id: 'TRCK_20240310', 'output-format': 'fits' }, /`output-format`/],
  ])('rejects %j with a 400 JSON error', async (args, pattern) => {
    const { status, body } = await call(store.app, PATH, args);
    expect(status).toBe(400);
    expect((body as { text: string }).text).toMatch(pattern);
  });
});

describe('/api/v1/tracklet on the real alerts', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await realStore();
  });
  afterAll(() => store?.close());

  it('answers [] (the raw and enriched samples carry no tracklet)', async () => {
    const { status, body } = await call(store.app, PATH, { date: '2021-11-22' });
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it('lists its arguments on a GET without parameters', async () => {
    const res = await store.app.request(PATH);
    expect(((await res.json()) as { args: { name: string }[] }).args.map((a) => a.name)).toEqual([
      'id',
      'date',
      'columns',
      'output-format',
      'output_format',
    ]);
  });
});
