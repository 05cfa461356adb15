import { describe, expect, it } from 'vitest';
import { eventJdOfHeaders } from './fits-event-time.js';

const card = (text: string): string => text.padEnd(80, ' ');

describe('sky-map event time', () => {
  it('reads MJD-OBS first, else DATE-OBS (UTC)', () => {
    // 2020-02-19T09:44:15.197173 UTC = MJD 58898.40573144879 (the MJD-OBS card of GraceDB's S200219ac map)
    const both =
      card("DATE-OBS= '2020-02-19T09:44:15.197173' / UTC") + card('MJD-OBS =    58898.40573144879');
    expect(eventJdOfHeaders(both)).toBeCloseTo(58898.40573144879 + 2400000.5, 9);
    const dateOnly = card("DATE-OBS= '2020-02-19T09:44:15.197173'") + card('END');
    expect(eventJdOfHeaders(dateOnly)).toBeCloseTo(58898.40573144879 + 2400000.5, 7);
    expect(eventJdOfHeaders(card('SIMPLE  =                    T') + card('END'))).toBeNull();
  });
});
