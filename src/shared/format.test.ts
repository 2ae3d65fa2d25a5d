import { describe, expect, it } from 'vitest';
import {
  countOf,
  datedFileName,
  formatDate,
  formatDateTime,
  formatMonth,
  formatUtcStamp,
  formatAmount,
  formatFileSize,
  formatMeasure,
  formatNumber,
  formatPercent,
  formatPower,
  formatUsd,
  formatWholeUsd,
  firstNameAndInitial,
  fullName,
  humanize,
  isoDay,
  stateInSentence,
  stateLabel,
} from './format.ts';

const intl = (value: number, digits: number) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

describe('fullName', () => {
  it('joins first and last name, or the part on record', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' })).toBe('Ada Lovelace');
    expect(fullName({ firstName: 'Ada', lastName: null, email: 'ada@example.test' })).toBe('Ada');
    expect(fullName({ firstName: null, lastName: 'Lovelace', email: 'ada@example.test' })).toBe('Lovelace');
    expect(fullName({ firstName: '  Ada ', lastName: ' ', email: 'ada@example.test' })).toBe('Ada');
  });
  it('falls back to the e-mail address when no name is on record', () => {
    expect(fullName({ firstName: null, lastName: null, email: 'ada@example.test' })).toBe('ada@example.test');
    expect(fullName({ firstName: '', lastName: '   ', email: 'ada@example.test' })).toBe('ada@example.test');
  });
});

describe('formatUsd', () => {
  it('groups thousands and always shows cents', () => {
    expect(formatUsd('48000.5')).toBe('$48,000.50');
    expect(formatUsd('48000.50')).toBe('$48,000.50');
    expect(formatUsd(48000.5)).toBe('$48,000.50');
    expect(formatUsd({ toFixed: () => '48000.50' })).toBe('$48,000.50');
    expect(formatUsd('1250')).toBe('$1,250.00');
    expect(formatUsd('999.99')).toBe('$999.99');
    expect(formatUsd('.5')).toBe('$0.50');
  });
  it('writes zero and negatives', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd('0.00')).toBe('$0.00');
    expect(formatUsd('-45')).toBe('-$45.00');
    expect(formatUsd(-1234.5)).toBe('-$1,234.50');
    expect(formatUsd('-0.004')).toBe('$0.00');
  });
  it('rounds half away from zero on the decimal digits, not on a float', () => {
    expect(formatUsd('0.005')).toBe('$0.01');
    expect(formatUsd('1.005')).toBe('$1.01'); // (1.005).toFixed(2) is "1.00"
    expect(formatUsd('2.675')).toBe('$2.68'); // (2.675).toFixed(2) is "2.67"
    expect(formatUsd('-2.675')).toBe('-$2.68');
    expect(formatUsd('10.004999')).toBe('$10.00');
    expect(formatUsd('99.995')).toBe('$100.00');
  });
  it('is exact beyond float precision', () => {
    expect(formatUsd('9999999999.99')).toBe('$9,999,999,999.99');
    expect(formatUsd('12345678901234567890.12')).toBe('$12,345,678,901,234,567,890.12');
    expect(formatUsd(1e21)).toBe('$1,000,000,000,000,000,000,000.00');
    expect(formatUsd(1e-7)).toBe('$0.00');
  });
  it('has a plain form for CSV with the same rounding', () => {
    expect(formatAmount('48000.5')).toBe('48000.50');
    expect(formatAmount(1234567.891)).toBe('1234567.89');
    expect(formatAmount('-2.675')).toBe('-2.68');
    expect(formatAmount(0)).toBe('0.00');
  });
  it('refuses what is not an amount', () => {
    expect(() => formatUsd('abc')).toThrow(RangeError);
    expect(() => formatUsd('')).toThrow(RangeError);
    expect(() => formatUsd(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatNumber', () => {
  it('groups thousands and fixes the decimals like en-US', () => {
    expect(formatNumber(2847)).toBe('2,847');
    expect(formatNumber(1234567.891, 1)).toBe('1,234,567.9');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(87.25, 1)).toBe(intl(87.25, 1));
    expect(formatNumber(0, 1)).toBe('0.0');
    expect(formatNumber(-2500)).toBe('-2,500');
    expect(formatNumber(-0.01, 1)).toBe('0.0');
  });

  it('agrees with Intl on the monitor range (whole kW, readings with one decimal)', () => {
    for (let kw = 0; kw <= 5000; kw += 7) expect(formatNumber(kw)).toBe(intl(kw, 0));
    for (let tenth = 0; tenth <= 1500; tenth += 3) expect(formatNumber(tenth / 10, 1)).toBe(intl(tenth / 10, 1));
  });
});

describe('formatPower and formatPercent', () => {
  it('writes kilowatts grouped', () => {
    expect(formatPower(1250)).toBe('1,250 kW');
    expect(formatPower(0)).toBe('0 kW');
    expect(formatPower(2_000_000_000)).toBe('2,000,000,000 kW');
  });
  it('writes live readings with fixed decimals, the percent sign without a space', () => {
    expect(formatMeasure(87.5, '%', 1)).toBe('87.5%');
    expect(formatMeasure(85, '%', 1)).toBe('85.0%');
    expect(formatMeasure(45.04, '°C', 1)).toBe('45.0 °C');
    expect(formatMeasure(2450, 'kW')).toBe('2,450 kW');
  });
  it('writes percentages one way: no space, no trailing zeros', () => {
    expect(formatPercent(87.5)).toBe('87.5%');
    expect(formatPercent(85)).toBe('85%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(99.94)).toBe('99.9%');
    expect(formatPercent(12.345, 2)).toBe('12.35%');
    expect(formatPercent(80.0, 2)).toBe('80%');
    expect(formatPercent(12.6, 0)).toBe('13%');
  });
});

describe('formatFileSize', () => {
  it('shows bytes below one kilobyte', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(1023)).toBe('1,023 bytes');
  });
  it('shows small files in KB, never "0.00 MB"', () => {
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(2048 + 900)).toBe('2.9 KB');
    expect(formatFileSize(512 * 1024)).toBe('512 KB');
  });
  it('moves up a unit instead of reading "1024 KB"', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatFileSize(3.4 * 1024 * 1024)).toBe('3.4 MB');
    expect(formatFileSize(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatFileSize(1024 ** 3)).toBe('1 GB');
    expect(formatFileSize(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatFileSize(2048 * 1024 ** 4)).toBe('2,048 TB');
  });
});

describe('counts', () => {
  it('writes a count with its noun, singular for one', () => {
    expect(countOf(1, 'document')).toBe('1 document');
    expect(countOf(0, 'document')).toBe('0 documents');
    expect(countOf(1204, 'person', 'people')).toBe('1,204 people');
  });
});

describe('dates', () => {
  it('writes a date and a date with time', () => {
    expect(formatDate(new Date(2026, 10, 22, 15, 5))).toBe('Nov 22, 2026');
    expect(formatDateTime(new Date(2026, 10, 22, 15, 5))).toBe('Nov 22, 2026, 3:05 PM');
    expect(formatDateTime(new Date(2027, 0, 3, 9, 30, 7), { seconds: true })).toBe('Jan 3, 2027, 9:30:07 AM');
  });
  it('accepts ISO strings and names the zone when one is given', () => {
    expect(formatDateTime('2026-11-22T15:05:00Z', { timeZone: 'UTC' })).toBe('Nov 22, 2026, 3:05 PM UTC');
    expect(formatDate('2026-11-22T23:30:00Z', { timeZone: 'UTC' })).toBe('Nov 22, 2026');
  });
  it('writes the compact UTC stamp of refusals and watermarks', () => {
    expect(formatUtcStamp('2026-12-01T09:30:59.999Z')).toBe('2026-12-01 09:30 UTC');
  });
  it('writes a month, in UTC when told (a report month starts at midnight UTC)', () => {
    expect(formatMonth('2026-03-01T00:00:00Z', { timeZone: 'UTC' })).toBe('March 2026');
    expect(formatMonth('2026-12-31T23:30:00Z', { timeZone: 'UTC' })).toBe('December 2026');
  });
  it('writes the ISO day of a date input and an export file name', () => {
    expect(isoDay('2026-11-22T23:30:00Z')).toBe('2026-11-22');
    expect(isoDay(new Date(Date.UTC(2027, 0, 3)))).toBe('2027-01-03');
    expect(datedFileName('ledger', 'csv', '2026-11-22T08:00:00Z')).toBe('ledger-2026-11-22.csv');
  });
});

describe('state labels', () => {
  it('writes every status one way for admins and sellers', () => {
    expect(stateLabel('under_review')).toBe('Under review');
    expect(stateLabel('in_development')).toBe('In development');
    expect(stateLabel('quoted')).toBe('Quoted');
    expect(stateLabel('initial_review')).toBe('Initial review');
    expect(stateLabel('banned')).toBe('Banned');
  });
  it('humanizes what the table does not know', () => {
    expect(stateLabel('waiting_for_bank')).toBe('Waiting for bank');
    expect(humanize('zero-point')).toBe('Zero point');
  });
  it('reads inside a sentence', () => {
    expect(`Status changed to ${stateInSentence('under_review')}`).toBe('Status changed to under review');
  });
});

describe('firstNameAndInitial', () => {
  it('first name and last initial, or what there is; never the e-mail', () => {
    expect(firstNameAndInitial({ firstName: 'Dana', lastName: 'kowalski' })).toBe('Dana K.');
    expect(firstNameAndInitial({ firstName: ' Dana ', lastName: null })).toBe('Dana');
    expect(firstNameAndInitial({ firstName: 'Zoë', lastName: 'Ångström' })).toBe('Zoë Å.');
    expect(firstNameAndInitial({ firstName: null, lastName: 'Kowalski' })).toBe('A team member');
  });
});

describe('formatWholeUsd', () => {
  it('shows whole-dollar estimates without cents, grouped, rounding a mean half up', () => {
    expect(formatWholeUsd(1200000)).toBe('$1,200,000');
    expect(formatWholeUsd('1234567.5')).toBe('$1,234,568');
    expect(formatWholeUsd(999.49)).toBe('$999');
    expect(formatWholeUsd(0)).toBe('$0');
    expect(formatWholeUsd(-2500)).toBe('-$2,500');
  });
});
