import { describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_ALPHABET } from '~/shared/constants.ts';
import { generateRandomPassword } from './generate-password.ts';

describe('generateRandomPassword', () => {
  it('makes 12 characters of letters, digits and !@#$%^&*', () => {
    for (let i = 0; i < 200; i++) expect(generateRandomPassword()).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
  });

  it('uses every character of the alphabet and differs between calls', () => {
    const seen = new Set(Array.from({ length: 400 }, () => generateRandomPassword()).join(''));
    expect(seen.size).toBe(GENERATED_PASSWORD_ALPHABET.length);
    expect(generateRandomPassword()).not.toBe(generateRandomPassword());
  });

  it('rejects bytes that would bias the result instead of wrapping them', () => {
    // 70 symbols: 256 % 70 = 46, so bytes 210..255 must be skipped, not mapped to the first symbols.
    let call = 0;
    const source = (buffer: Uint8Array) => {
      buffer.fill(call++ === 0 ? 255 : 1);
      return buffer;
    };
    expect(generateRandomPassword(4, GENERATED_PASSWORD_ALPHABET, source)).toBe('BBBB');
  });
});
