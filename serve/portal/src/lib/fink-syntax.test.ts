import { describe, expect, it } from 'vitest';
import { parseFinkSyntax, tokenize } from './fink-syntax.js';
import type { NameQuery, Parsed, Query } from './search-query.js';

/**
 * The reference cone (docs/references.md#api-cone-test test_coordinates): 12h55m17.218s +02d53m50.35s =
 * 193.8217417°, 2.8973194°.
 */
const RA_DEG = 193.8217417;
const DEC_DEG = 2.8973194;
/** Tolerance on positions read from text (deg): 1e-6° = 0.0036″, below the 0.001 s of the inputs. */
const TOL_DEG = 1e-6;

function query(parsed: Parsed): Query | NameQuery {
  if ('error' in parsed) throw new Error(`not a query: ${parsed.error}`);
  return parsed.query;
}

function error(parsed: Parsed): string {
  if (!('error' in parsed)) throw new Error(`parsed: ${JSON.stringify(parsed.query)}`);
  return parsed.error;
}

describe("Fink's search-bar syntax: tokens", () => {
  it('keeps quoted values and dates with a time whole, and reads commas as blanks', () => {
    expect(tokenize('class="Early SN Ia candidate" last=10')).toEqual([
      'class=Early SN Ia candidate',
      'last=10',
    ]);
    expect(tokenize('after="2023-11-07 04:00:00" 193.8, 2.9')).toEqual([
      'after=2023-11-07T04:00:00',
      '193.8',
      '2.9',
    ]);
    expect(tokenize('2023-10-18 04:00')).toEqual(['2023-10-18T04:00']);
  });
});

describe("Fink's search-bar syntax: positions and radius", () => {
  it('reads a position with r= in arcsec, arcmin or degrees, the same centre in every form', () => {
    for (const [text, radiusArcsec] of [
      ['193.8217417 2.8973194 r=5m', 300],
      ['12:55:17.218 +02:53:50.35 r=0.5d', 1800],
      ['12 55 17.218 +02 53 50.35 5', 5],
      ['12h55m17.218s +02d53m50.35s radius=30s', 30],
      ['193.8217417, 2.8973194', 10],
    ] as const) {
      const q = query(parseFinkSyntax(text));
      if (q.action !== 'conesearch') throw new Error(`${text}: ${q.action}`);
      expect(Math.abs(q.raDeg - RA_DEG), text).toBeLessThan(TOL_DEG);
      expect(Math.abs(q.decDeg - DEC_DEG), text).toBeLessThan(TOL_DEG);
      expect(q.radiusArcsec, text).toBe(radiusArcsec);
    }
  });

  it('takes a time window on a cone (objects first detected in it)', () => {
    expect(query(parseFinkSyntax('193.82 2.89 r=30 after=2021-07-01 window=2'))).toEqual({
      action: 'conesearch',
      raDeg: 193.82,
      decDeg: 2.89,
      radiusArcsec: 30,
      after: '2021-07-01',
      windowDays: 2,
    });
    expect(query(parseFinkSyntax('193.82 2.89 after=2021-07-01 before=2021-08-01'))).toMatchObject({
      after: '2021-07-01',
      before: '2021-08-01',
    });
  });

  it('refuses a Dec beyond ±90°, a radius over 5° and a radius given twice, saying so', () => {
    expect(error(parseFinkSyntax('193.82 95'))).toMatch(/Dec 95 .*between -90 and \+90/);
    expect(error(parseFinkSyntax('12:55:17 -91:00:00'))).toMatch(/Dec -91:00:00/);
    expect(error(parseFinkSyntax('193.82 2.89 r=6d'))).toMatch(/over the limit of 5°/);
    expect(error(parseFinkSyntax('193.82 2.89 18001'))).toMatch(/over the limit/);
    expect(error(parseFinkSyntax('193.82 2.89 5 r=10'))).toMatch(/twice/);
    expect(error(parseFinkSyntax('r=5'))).toMatch(/needs a position/);
  });
});

describe("Fink's search-bar syntax: ids, tracklets, Solar System", () => {
  it('reads object ids in any case, as ZTF writes them', () => {
    for (const text of ['ztf24abxbmdd', 'ZTF24ABXBMDD', 'Ztf24AbxBmdd'])
      expect(query(parseFinkSyntax(text))).toEqual({ action: 'objectid', objectId: 'ZTF24abxbmdd' });
    expect(query(parseFinkSyntax('ztf24abx'))).toEqual({ action: 'objectid', objectId: 'ZTF24abx' });
  });

  it('searches around an object when a radius is given', () => {
    expect(query(parseFinkSyntax('ZTF24abxbmdd r=1m'))).toEqual({
      action: 'resolve',
      name: 'ZTF24abxbmdd',
      radiusArcsec: 60,
    });
  });

  it('reads tracklets in any case, sso= exactly and a bare number as a prefix', () => {
    expect(query(parseFinkSyntax('trck_20211022'))).toEqual({ action: 'tracklet', id: 'TRCK_20211022' });
    expect(query(parseFinkSyntax('sso=8467'))).toEqual({ action: 'sso', sso: '8467', partial: false });
    expect(query(parseFinkSyntax('8467'))).toEqual({ action: 'sso', sso: '8467', partial: true });
  });
});

describe("Fink's search-bar syntax: classes and latest alerts", () => {
  it('reads class= quoted or not, last=, after=, before= and trend=', () => {
    const expected = { action: 'class', className: 'Early SN Ia candidate', last: 10 };
    expect(query(parseFinkSyntax('class="Early SN Ia candidate" last=10'))).toEqual(expected);
    expect(query(parseFinkSyntax('last=10 class=Early SN Ia candidate'))).toEqual(expected);
    expect(query(parseFinkSyntax('class=Early SN Ia candidate last=10'))).toEqual(expected);
    expect(
      query(
        parseFinkSyntax(
          'class="Early SN Ia candidate" before="2023-12-01" after="2023-11-07 04:00:00" trend=rising',
        ),
      ),
    ).toEqual({
      action: 'class',
      className: 'Early SN Ia candidate',
      last: 100,
      after: '2023-11-07T04:00:00',
      before: '2023-12-01',
      trend: 'rising',
    });
  });

  it('reads last= alone as the latest alerts of every class', () => {
    expect(query(parseFinkSyntax('last=50'))).toEqual({ action: 'class', className: 'allclasses', last: 50 });
  });

  it("refuses trend= without a class (Fink's message), an unknown trend and a bad last=", () => {
    expect(error(parseFinkSyntax('trend=rising'))).toMatch(/only be used with a class search/);
    expect(error(parseFinkSyntax('class=Unknown trend=sideways'))).toMatch(/rising, fading/);
    expect(error(parseFinkSyntax('last=0'))).toMatch(/last=0/);
    expect(error(parseFinkSyntax('last=20000'))).toMatch(/10,000/);
  });

  it('leaves a class name typed alone to the resolver (it checks the store’s class list)', () => {
    for (const name of ['SN candidate', 'Early SN Ia candidate', 'RRLyr'])
      expect(query(parseFinkSyntax(name))).toEqual({ action: 'resolve', name });
  });
});

describe("Fink's search-bar syntax: dates", () => {
  it('searches a date typed alone as that whole night (UTC date), with or without after=', () => {
    const night = { action: 'daterange', after: '2023-10-18', windowDays: 1 };
    expect(query(parseFinkSyntax('2023-10-18'))).toEqual(night);
    expect(query(parseFinkSyntax('after=2023-10-18'))).toEqual(night);
  });

  it('searches from a date and time for 1 hour, or the window or end given', () => {
    expect(query(parseFinkSyntax('2023-10-18 04:00'))).toEqual({
      action: 'daterange',
      after: '2023-10-18T04:00',
      windowDays: 1 / 24,
    });
    expect(query(parseFinkSyntax('2023-10-18 window=0.25'))).toMatchObject({ windowDays: 0.25 });
    expect(query(parseFinkSyntax('after=2023-10-18 before=2023-10-18T12:00'))).toMatchObject({
      windowDays: 0.5,
    });
  });

  it('refuses impossible dates and windows the API would refuse', () => {
    expect(error(parseFinkSyntax('2023-02-30'))).toMatch(/2023-02-30 is not a valid calendar date/);
    expect(error(parseFinkSyntax('after=2023-13-01'))).toMatch(/after= 2023-13-01/);
    expect(error(parseFinkSyntax('after=2023-10-18 before=2023-10-21'))).toMatch(/at most 1 day/);
    expect(error(parseFinkSyntax('after=2023-10-18 before=2023-10-17'))).toMatch(/is not after/);
    expect(error(parseFinkSyntax('2023-10-18 window=-1'))).toMatch(/positive number of days/);
    expect(error(parseFinkSyntax('before=2023-10-18'))).toMatch(/needs after=/);
  });
});

describe("Fink's search-bar syntax: names and mistakes", () => {
  it('leaves names to the resolver, with the radius and dates typed', () => {
    expect(query(parseFinkSyntax('M31'))).toEqual({ action: 'resolve', name: 'M31' });
    expect(query(parseFinkSyntax('AT2021co r=5m'))).toEqual({
      action: 'resolve',
      name: 'AT2021co',
      radiusArcsec: 300,
    });
    expect(query(parseFinkSyntax('"SN 2023ixf" after=2023-05-01'))).toEqual({
      action: 'resolve',
      name: 'SN 2023ixf',
      after: '2023-05-01',
    });
  });

  it('names what is wrong', () => {
    expect(error(parseFinkSyntax('foo=3'))).toMatch(/Unknown keyword foo/);
    expect(error(parseFinkSyntax('ZTF24abxbmdd M31'))).toMatch(/one thing at a time/);
    expect(error(parseFinkSyntax('   '))).toMatch(/Type something/);
    expect(error(parseFinkSyntax('{}<>'))).toMatch(/Query not recognized/);
  });
});
