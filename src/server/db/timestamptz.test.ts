// The fast timestamptz reader must read every text PostgreSQL can send as pg's own reader does, to the
// millisecond; what it does not handle itself it hands to pg's reader.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz } from './timestamptz.ts';

const pgReader = pg.types.getTypeParser(1184, 'text') as (text: string) => Date | number;

describe('parseTimestamptz', () => {
  it('reads the forms PostgreSQL writes, with any offset and fraction, to the millisecond', () => {
    const cases: [string, string][] = [
      ['2026-11-24 22:14:45.377+00', '2026-11-24T22:14:45.377Z'],
      ['2026-11-24 22:14:45+00', '2026-11-24T22:14:45.000Z'],
      ['2026-11-24 22:14:45.3+00', '2026-11-24T22:14:45.300Z'],
      ['2026-11-24 22:14:45.05+00', '2026-11-24T22:14:45.050Z'],
      ['2026-11-24 22:14:45.123999+00', '2026-11-24T22:14:45.123Z'], // microseconds are cut, not rounded
      ['2026-11-25 03:44:45.377+05:30', '2026-11-24T22:14:45.377Z'],
      ['2026-11-24 19:14:45.377-03', '2026-11-24T22:14:45.377Z'],
      ['1883-11-18 12:03:58-04:56:02', '1883-11-18T17:00:00.000Z'],
      ['2024-02-29 00:00:00+14', '2024-02-28T10:00:00.000Z'],
      ['1000-01-01 00:00:00+00', '1000-01-01T00:00:00.000Z'],
      ['9999-12-31 23:59:59.999+00', '9999-12-31T23:59:59.999Z'],
    ];
    for (const [text, iso] of cases) {
      expect(parseTimestamptz(text).toISOString(), text).toBe(iso);
      expect(parseTimestamptz(text).getTime(), text).toBe(Date.parse(iso));
    }
  });

  it('agrees with pg’s reader on a sweep of instants and offsets', () => {
    const offsets = ['+00', '+01', '-07', '+05:30', '-09:30', '+05:45', '-00:25:21'];
    for (let instant = Date.UTC(1970, 0, 1); instant < Date.UTC(2100, 0, 1); instant += 7_919_977_003) {
      const wall = new Date(instant).toISOString().replace('T', ' ').replace('Z', '');
      for (const offset of offsets) {
        const text = `${wall}${offset}`;
        expect(parseTimestamptz(text).getTime(), text).toBe((pgReader(text) as Date).getTime());
      }
    }
  });

  it('refuses a text neither it nor pg’s reader can read, rather than reading it as no date', () => {
    expect(() => parseTimestamptz('Tue Nov 24 22:14:45.377 2026 UTC')).toThrow(/Unreadable timestamptz/);
    expect(() => parseTimestamptz('not a date')).toThrow(/Unreadable timestamptz/);
    expect(() => parseTimestamptz('11/24/2026 22:14:45.377 UTC')).toThrow(/Unreadable timestamptz/);
    expect(() => parseTimestamptz('2026-11-24T22:14:45Z')).toThrow(/Unreadable timestamptz/);
    // An offset without its colon is not read as one with it (pg's reader takes the hours alone).
    expect(parseTimestamptz('2026-11-24 22:14:45+05x30').toISOString()).toBe('2026-11-24T17:14:45.000Z');
  });

  it('hands what it does not read itself to pg’s reader: infinity, BC, early years, years past 9999', () => {
    for (const text of [
      'infinity',
      '-infinity',
      '0044-03-15 12:00:00+00 BC',
      '0099-01-01 00:00:00+00',
      '2026-11-24 22:14:45+00 BC',
      '12026-11-24 22:14:45+00',
    ]) {
      const expected = pgReader(text);
      const actual = parseTimestamptz(text) as Date | number;
      if (typeof expected === 'number') expect(actual, text).toBe(expected);
      else expect(actual instanceof Date ? actual.getTime() : actual, text).toEqual(expected instanceof Date ? expected.getTime() : expected);
    }
  });
});
