import { describe, expect, it } from 'vitest';
import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { compact, flag, oneOf, parseSearchValue, positiveInt, text, uuid } from './search-params.ts';

describe('URL search parsers', () => {
  it('keeps only listed values', () => {
    expect(oneOf(['a', 'b'] as const, 'a')).toBe('a');
    expect(oneOf(['a', 'b'] as const, 'c')).toBeUndefined();
    expect(oneOf(['a'] as const, 1)).toBeUndefined();
  });
  it('bounds text and turns numbers into text', () => {
    expect(text('helios')).toBe('helios');
    expect(text(12)).toBe('12');
    expect(text('')).toBeUndefined();
    expect(text('x'.repeat(201))).toBeUndefined();
  });
  it('accepts positive integers only', () => {
    expect(positiveInt('42')).toBe(42);
    expect(positiveInt(7)).toBe(7);
    expect(positiveInt('0')).toBeUndefined();
    expect(positiveInt('-3')).toBeUndefined();
    expect(positiveInt('4.5')).toBeUndefined();
    expect(positiveInt('abc')).toBeUndefined();
  });
  it('checks uuids and flags', () => {
    expect(uuid('e15688bc-f47d-416e-981c-f815209934a2')).toBeDefined();
    expect(uuid('nope')).toBeUndefined();
    expect(flag('1')).toBe(true);
    expect(flag(false)).toBe(false);
    expect(flag('maybe')).toBeUndefined();
  });
  it('drops undefined keys', () => {
    expect(compact({ a: 1, b: undefined })).toEqual({ a: 1 });
  });
});

describe('reading the address (parseSearchValue with the router)', () => {
  const parse = parseSearchWith(parseSearchValue);
  const stringify = stringifySearchWith(JSON.stringify, parseSearchValue);
  it('keeps numbers as the text typed, so a search for "173e3813" or "007" is not Infinity or 7', () => {
    // (Plain integers such as 12 come back as numbers, losslessly; the parsers above take both.)
    expect(parse('?q=173e3813&cursor=007&page=12')).toEqual({ q: '173e3813', cursor: '007', page: 12 });
  });
  it('still reads flags, quoted strings and plain text', () => {
    expect(parse('?compose=true&q=%22173e3813%22&tab=users')).toEqual({ compose: true, q: '173e3813', tab: 'users' });
  });
  it('what the app writes reads back the same', () => {
    const search = { q: '173e3813', id: 7, tab: 'users', mine: true };
    expect(parse(stringify(search))).toEqual(search);
  });
});
