import { describe, expect, it } from 'vitest';
import { compact, flag, oneOf, positiveInt, text, uuid } from './search-params.ts';

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
