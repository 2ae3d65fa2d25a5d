// How the app writes names, money, numbers, sizes, dates and state names: one module for server
// messages, e-mails, CSV and every screen. Pure and small, no Intl at import: the marketing pages
// load it on first paint (ADR 0007), so only the date functions touch Intl, and only when called.

import { ENERGY_TYPE_LABELS, type EnergyType } from './constants.ts';

// ---------------------------------------------------------------------------------------------
// Names

export interface PersonName {
  firstName: string | null;
  lastName: string | null;
  email: string;
}

/**
 * "Ada Lovelace", or just the part on record ("Ada"); with no name at all, the e-mail address.
 * Never empty: everywhere a person is shown, they can be told apart.
 */
export function fullName(person: PersonName): string {
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || person.email;
}

/**
 * First name and last initial ("Dana K."), for showing a team member to a seller without their
 * full name; "Dana" with no last name, "A team member" with no first name (never the e-mail).
 */
export function firstNameAndInitial(person: { firstName: string | null; lastName: string | null }): string {
  const first = person.firstName?.trim();
  const initial = [...(person.lastName?.trim() ?? '')][0]?.toUpperCase();
  if (!first) return 'A team member';
  return initial ? `${first} ${initial}.` : first;
}

// ---------------------------------------------------------------------------------------------
// Numbers

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * A number with en-US digit grouping and a fixed number of decimals ("2,847", "87.5"), written out
 * by hand: the first call of Intl's number formatting loads locale data, tens of milliseconds on a
 * phone, on the home page's critical path.
 */
export function formatNumber(value: number, fractionDigits = 0): string {
  const fixed = Math.abs(value).toFixed(fractionDigits);
  const [whole = '0', fraction] = fixed.split('.');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** "1 document", "3 documents", "1,204 people" (`pluralForm` where adding an s is wrong). */
export function countOf(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : pluralForm}`;
}

/**
 * A live reading with its unit and fixed decimals, so it does not change width as it moves:
 * "2,450 kW", "87.5%", "45.0 °C". A percent sign follows the number directly, every other unit after a space.
 */
export function formatMeasure(value: number, unit: string, fractionDigits = 0): string {
  return `${formatNumber(value, fractionDigits)}${unit === '%' ? '' : ' '}${unit}`;
}

/** Power: "1,250 kW" (whole kilowatts, grouped). */
export function formatPower(kilowatts: number): string {
  return formatMeasure(kilowatts, 'kW');
}

/** "87.5%", "85%": at most `maxFractionDigits` decimals, trailing zeros dropped, no space. */
export function formatPercent(value: number, maxFractionDigits = 1): string {
  const text = formatNumber(value, maxFractionDigits);
  return `${maxFractionDigits > 0 ? text.replace(/\.?0+$/, '') || '0' : text}%`;
}

// ---------------------------------------------------------------------------------------------
// Money

/** Prisma's Decimal (decimal.js) and anything else that writes itself out as an exact decimal. */
export interface DecimalLike {
  toFixed(decimalPlaces?: number): string;
}

/** The exact decimal digits of an amount, without going through float arithmetic. */
function decimalText(amount: string | number | DecimalLike): string {
  if (typeof amount === 'string') return amount.trim();
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
    // String() is the shortest text that reads back as the same number (48000.5 -> "48000.5");
    // very small or very large numbers come out in exponent form, which toFixed / BigInt avoid.
    const text = String(amount);
    if (!/e/i.test(text)) return text;
    return Math.abs(amount) < 1 ? amount.toFixed(20) : BigInt(amount).toString();
  }
  return amount.toFixed(); // decimal.js: every digit, never exponent notation
}

/** Sign and whole cents of an amount, rounded half away from zero on its decimal digits. */
function toCents(amount: string | number | DecimalLike): { negative: boolean; digits: string } {
  const text = decimalText(amount);
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) throw new RangeError(`Not an amount: ${text}`);
  const [, sign, whole = '', fraction = ''] = match;
  // Whole cents as a digit string (BigInt: exact at any size), rounded on the third decimal.
  let cents = BigInt(`${whole || '0'}${fraction.padEnd(2, '0').slice(0, 2)}`);
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  return { negative: sign === '-' && cents !== 0n, digits: cents.toString().padStart(3, '0') };
}

/**
 * US dollars: "$48,000.50", "-$12.00". Rounded half away from zero to the cent on the decimal
 * digits themselves ("0.005" -> "$0.01"), so "48000.5", 48000.5 and Decimal("48000.50") agree.
 */
export function formatUsd(amount: string | number | DecimalLike): string {
  const { negative, digits } = toCents(amount);
  return `${negative ? '-' : ''}$${groupThousands(digits.slice(0, -2))}.${digits.slice(-2)}`;
}

/**
 * An estimate in whole dollars ("$1,200,000"): reviewers' value and investment figures are whole
 * dollars, and their mean is rounded to the dollar (half up), so cents would only add noise.
 */
export function formatWholeUsd(amount: string | number | DecimalLike): string {
  const { negative, digits } = toCents(amount);
  const dollars = (BigInt(digits) + 50n) / 100n;
  return `${negative && dollars !== 0n ? '-' : ''}$${groupThousands(dollars.toString())}`;
}

/** The same amount for machines (CSV): "48000.50", "-12.00", no symbol, no grouping. */
export function formatAmount(amount: string | number | DecimalLike): string {
  const { negative, digits } = toCents(amount);
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

// ---------------------------------------------------------------------------------------------
// File sizes

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * "0 bytes", "1 byte", "1,023 bytes", "512 KB", "3.4 MB", "1 GB": binary units (1 KB = 1,024 bytes),
 * one decimal at most, so a small file never reads "0.00 MB".
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  // Move up while the value, once rounded to one decimal, would read 1,024 or more.
  while (Math.round(value * 10) / 10 >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, 1).replace(/\.0$/, '')} ${SIZE_UNITS[unit]}`;
}

// ---------------------------------------------------------------------------------------------
// Dates (in the reader's time zone unless one is given; Intl built on first use only)

type DateInput = Date | string | number;
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat('en-US', options)));
  return format;
}

/** "Nov 22, 2026". */
export function formatDate(value: DateInput, options: { timeZone?: string } = {}): string {
  const { timeZone } = options;
  return dateFormat(`date:${timeZone}`, { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(new Date(value));
}

/** "Nov 22, 2026, 3:05 PM"; with `seconds` (audit logs) "Nov 22, 2026, 3:05:09 PM"; with `timeZone` its name is added ("… UTC"). */
export function formatDateTime(value: DateInput, options: { seconds?: boolean; timeZone?: string } = {}): string {
  const { seconds = false, timeZone } = options;
  const format = dateFormat(`datetime:${seconds}:${timeZone}`, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    ...(timeZone ? { timeZone, timeZoneName: 'short' } : {}),
  });
  return format.format(new Date(value));
}

/** "March 2026"; a report's month (UTC) with `timeZone: 'UTC'`. */
export function formatMonth(value: DateInput, options: { timeZone?: string } = {}): string {
  const { timeZone } = options;
  return dateFormat(`month:${timeZone}`, { month: 'long', year: 'numeric', timeZone }).format(new Date(value));
}

/** "Nov 30, 2026, 9:30 AM UTC": when a time applies everywhere alike (an override's end). */
export function formatUtcDateTime(value: DateInput): string {
  return formatDateTime(value, { timeZone: 'UTC' });
}

/** "2026-12-01 09:30 UTC": the compact stamp of refusals ("… until …") and watermarks. */
export function formatUtcStamp(value: DateInput): string {
  return `${new Date(value).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** "2026-11-22" (UTC): a date input's value and a dated file name's part. */
export function isoDay(value: DateInput = new Date()): string {
  return new Date(value).toISOString().slice(0, 10);
}

/** "ledger-2026-11-22.csv": an export named after what it holds and the day it was made. */
export function datedFileName(what: string, extension = 'csv', now: DateInput = new Date()): string {
  return `${what}-${isoDay(now)}.${extension}`;
}

// ---------------------------------------------------------------------------------------------
// State names: one table for every status, stage and level shown to admins and sellers alike.

/** "under_review" -> "Under review": sentence case, so a label also reads well inside a sentence. */
export function humanize(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const STATE_LABELS = {
  // Prototype statuses
  submitted: 'Submitted',
  under_review: 'Under review',
  approved: 'Approved',
  rejected: 'Rejected',
  quoted: 'Quoted',
  accepted: 'Accepted',
  in_development: 'In development',
  active: 'Active',
  // Pipeline stages
  initial_review: 'Initial review',
  technical_evaluation: 'Technical evaluation',
  commercial_evaluation: 'Commercial evaluation',
  negotiation: 'Negotiation',
  development: 'Development',
  deployment: 'Deployment',
  closed: 'Closed',
  // Payout statuses
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  reversed: 'Reversed',
  // User statuses (active above)
  restricted: 'Restricted',
  banned: 'Banned',
  // Seller's answer to a quote (accepted above)
  declined: 'Declined',
  // Priority, risk and market levels
  low: 'Low',
  medium: 'Medium',
  high: 'High',
} as const satisfies Record<string, string>;

/** The label of a status, stage or level ("Under review"); an unknown value is humanized. */
export function stateLabel(value: string): string {
  return (STATE_LABELS as Record<string, string>)[value] ?? humanize(value);
}

/** The same label inside a sentence: "Status changed to under review". */
export function stateInSentence(value: string): string {
  const label = stateLabel(value);
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** "Nuclear Fusion" for "nuclear"; an unknown value as it is. */
export function energyTypeLabel(value: string): string {
  return ENERGY_TYPE_LABELS[value as EnergyType] ?? value;
}
