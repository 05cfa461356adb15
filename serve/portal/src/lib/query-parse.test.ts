import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RADIUS_ARCSEC,
  fieldText,
  type NameQuery,
  parseCone,
  parseRadiusText,
  parseSearch,
  type Query,
  queryFromParams,
  queryText,
  queryToParams,
  searchUrl,
} from './query-parse.js';

/** The reference cone (docs/references.md#api-cone-test test_coordinates): 12h55m17.218s +02d53m50.35s = 193.8217417°, 2.8973194°. */
const RA_DEG = 193.8217417;
const DEC_DEG = 2.8973194;
/** Tolerance on positions read from text (deg): 1e-6° = 0.0036″, well below the 0.001 s of the inputs. */
const TOL_DEG = 1e-6;

function query(parsed: ReturnType<typeof parseSearch> | null): Query | NameQuery {
  if (parsed === null || 'error' in parsed) throw new Error(`not a query: ${JSON.stringify(parsed)}`);
  return parsed.query;
}

describe('cone search text', () => {
  it('reads the same position in decimal and in every sexagesimal form', () => {
    for (const text of [
      '193.8217417 2.8973194',
      '193.8217417, 2.8973194',
      '12 55 17.218 +02 53 50.35',
      '12:55:17.218 +02:53:50.35',
      '12h55m17.218s +02d53m50.35s',
    ]) {
      const cone = parseCone(text);
      expect(cone, text).not.toBeNull();
      expect(Math.abs((cone?.raDeg ?? 0) - RA_DEG), text).toBeLessThan(TOL_DEG);
      expect(Math.abs((cone?.decDeg ?? 0) - DEC_DEG), text).toBeLessThan(TOL_DEG);
      expect(cone?.radiusArcsec).toBe(DEFAULT_RADIUS_ARCSEC);
    }
  });

  it('reads negative declinations and radius units (arcsec, arcmin, deg)', () => {
    expect(parseCone('12:00:00 -00:30:00 5')).toEqual({ raDeg: 180, decDeg: -0.5, radiusArcsec: 5 });
    expect(parseCone('10 20 2m')?.radiusArcsec).toBe(120);
    expect(parseCone('10 20 0.5d')?.radiusArcsec).toBe(1800);
    expect(parseRadiusText('6d')).toBeNull(); // above 5°
    expect(parseCone('12 55 +02 53')).toBeNull(); // four tokens are ambiguous
    expect(parseCone('kfdlkj lkfdjf')).toBeNull();
  });
});

describe('query type detection and parsing', () => {
  it('detects each type in the reference order', () => {
    const action = (text: string) => query(parseSearch('auto', text)).action;
    expect(action('ZTF21abfmbix')).toBe('objectid');
    expect(action('ZTF21abf')).toBe('objectid');
    expect(action('TRCK_20211022_091949_00')).toBe('tracklet');
    expect(action('193.822 2.897 5')).toBe('conesearch');
    expect(action('2024-03-29 10:00, 0.1')).toBe('daterange');
    expect(action('class=Early SN Ia candidate')).toBe('class');
    expect(action('sso=8467')).toBe('sso');
    expect(action('8467')).toBe('sso');
    expect(action('32375')).toBe('sso'); // not an MJD: numbers typed alone are Solar System numbers
    expect(action('Benoitcarry')).toBe('resolve'); // a name: resolved by the server (lib/resolve-name.ts)
    expect(parseSearch('auto', '')).toHaveProperty('error');
  });

  it('searches a Solar System number as a prefix unless sso= forces the exact object (docs/portal.md)', () => {
    expect(query(parseSearch('auto', '8467'))).toEqual({ action: 'sso', sso: '8467', partial: true });
    expect(query(parseSearch('auto', 'sso=8467'))).toEqual({ action: 'sso', sso: '8467', partial: false });
    expect(query(parseSearch('sso', 'Benoitcarry'))).toEqual({
      action: 'sso',
      sso: 'Benoitcarry',
      partial: false,
    });
  });

  it('searches a date without a time as that whole night in the date type too, and refuses impossible dates', () => {
    expect(query(parseSearch('daterange', '2023-10-18'))).toEqual({
      action: 'daterange',
      after: '2023-10-18',
      windowDays: 1,
    });
    expect(query(parseSearch('daterange', '2023-10-18 04:00'))).toMatchObject({ windowDays: 1 / 24 });
    expect(parseSearch('daterange', '2023-02-30')).toHaveProperty('error');
  });

  it('explains what is wrong', () => {
    expect(parseSearch('objectid', 'XYZ')).toHaveProperty('error');
    expect(parseSearch('conesearch', '400 2 5')).toHaveProperty('error');
    expect(parseSearch('daterange', '2024-03-29, 3')).toHaveProperty('error'); // window above 1 day
    expect(parseSearch('auto', '   ')).toHaveProperty('error');
  });
});

describe('queries in the URL', () => {
  const examples: Query[] = [
    { action: 'objectid', objectId: 'ZTF21abf' },
    { action: 'conesearch', raDeg: 193.822, decDeg: 2.89732, radiusArcsec: 5 },
    {
      action: 'conesearch',
      raDeg: 193.822,
      decDeg: -2.5,
      radiusArcsec: 5,
      after: '2021-07-01 05:59:36',
      windowDays: 1,
    },
    { action: 'daterange', after: '2024-03-29 10:00', windowDays: 0.5 },
    { action: 'class', className: 'Early SN Ia candidate', last: 20 },
    { action: 'sso', sso: '8467', partial: true },
    { action: 'sso', sso: '8467', partial: false },
    { action: 'tracklet', id: 'TRCK_20211022' },
  ];

  it('round-trips through the URL parameters and through the search text', () => {
    for (const q of examples) {
      expect(query(queryFromParams(new URLSearchParams(queryToParams(q))))).toEqual(q);
      expect(query(parseSearch('auto', queryText(q)))).toEqual(q);
    }
  });

  it("reads the reference's URL (docs/references.md#portal-urls) and its older query_type form", () => {
    expect(
      query(
        queryFromParams(
          new URLSearchParams(
            'action=conesearch&ra=193.822&dec=2.89732&r=5&after=2021-07-01%2005:59:36&window=1',
          ),
        ),
      ),
    ).toEqual({
      action: 'conesearch',
      raDeg: 193.822,
      decDeg: 2.89732,
      radiusArcsec: 5,
      after: '2021-07-01 05:59:36',
      windowDays: 1,
    });
    expect(query(queryFromParams(new URLSearchParams('action=class&class=Kilonova%20candidate')))).toEqual({
      action: 'class',
      className: 'Kilonova candidate',
      last: 100,
    });
    expect(query(queryFromParams(new URLSearchParams('query_type=objectId&objectId=ZTF21abfmbix')))).toEqual({
      action: 'objectid',
      objectId: 'ZTF21abfmbix',
    });
    expect(
      query(
        queryFromParams(
          new URLSearchParams('query_type=Conesearch&ra=12:55:17.218&dec=%2B02:53:50.35&radius=5'),
        ),
      ),
    ).toMatchObject({
      action: 'conesearch',
      radiusArcsec: 5,
    });
    // the old date search gave the window in minutes: 60 min = 1/24 day
    expect(
      query(
        queryFromParams(
          new URLSearchParams('query_type=Date%20Search&startdate=2021-07-01%2005:59:37&window=60'),
        ),
      ),
    ).toEqual({
      action: 'daterange',
      after: '2021-07-01 05:59:37',
      windowDays: 1 / 24,
    });
    expect(query(queryFromParams(new URLSearchParams('query_type=SSO&n_or_d=8467')))).toMatchObject({
      action: 'sso',
      sso: '8467',
    });
    expect(queryFromParams(new URLSearchParams('query_type='))).toEqual({ error: 'Empty query type.' });
    expect(queryFromParams(new URLSearchParams('tab=x'))).toBeNull();
  });
});

describe('the text typed, in the URL and the field', () => {
  it('opens a full id (any case) on its page, and keeps anything else as typed in ?query=', () => {
    const url = (text: string) => {
      const parsed = parseSearch('auto', text);
      if ('error' in parsed) throw new Error(parsed.error);
      return searchUrl('auto', text, parsed.query);
    };
    expect(url('ztf24abxbmdd')).toBe('/ZTF24abxbmdd');
    const cone = '19 19 34.5 +61 50 49 r=2m';
    expect(url(cone)).toBe(`/?${new URLSearchParams({ query: cone })}`);
    const params = new URLSearchParams(url(cone).slice(2));
    const parsed = queryFromParams(params);
    expect(query(parsed)).toMatchObject({ action: 'conesearch', radiusArcsec: 120 });
    expect(fieldText(params, parsed)).toBe(cone);
  });

  it('reads ?query= with its type, and reports a wrong text', () => {
    expect(query(queryFromParams(new URLSearchParams('query=2023-10-18')))).toEqual({
      action: 'daterange',
      after: '2023-10-18',
      windowDays: 1,
    });
    expect(query(queryFromParams(new URLSearchParams('query=Benoitcarry&type=sso')))).toEqual({
      action: 'sso',
      sso: 'Benoitcarry',
      partial: false,
    });
    expect(queryFromParams(new URLSearchParams('query=193.8 95'))).toHaveProperty('error');
  });

  it('shows the position of an action= URL as written there, not rewritten into decimals', () => {
    const params = new URLSearchParams('action=conesearch&ra=19:19:34.5&dec=%2B61:50:49&r=5');
    expect(fieldText(params, queryFromParams(params))).toBe('19:19:34.5 +61:50:49 r=5');
  });
});
