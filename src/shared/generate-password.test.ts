import { describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_ALPHABET } from './constants.ts';
import { generateRandomPassword, mixesCharacterKinds } from './generate-password.ts';

describe('generateRandomPassword', () => {
  it('makes 12 characters of letters, digits and !@#$%^&*, always all three kinds', () => {
    for (let i = 0; i < 500; i++) {
      const password = generateRandomPassword();
      expect(password).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
      expect(password).toMatch(/[A-Za-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[!@#$%^&*]/);
    }
  });

  it('throws away a draw without a symbol instead of patching it', () => {
    // First draw: all "B" (no digit, no symbol); then bytes giving "B", "1", "!" in turn.
    const alphabet = GENERATED_PASSWORD_ALPHABET;
    const sequence = [alphabet.indexOf('B'), alphabet.indexOf('1'), alphabet.indexOf('!')];
    let call = 0;
    const source = (buffer: Uint8Array) => {
      if (call++ === 0) buffer.fill(alphabet.indexOf('B'));
      else buffer.forEach((_, i) => (buffer[i] = sequence[i % 3]!));
      return buffer;
    };
    expect(generateRandomPassword(6, alphabet, source)).toBe('B1!B1!');
    expect(call).toBe(2);
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
    expect(generateRandomPassword(2, GENERATED_PASSWORD_ALPHABET, source)).toBe('BB');
  });

  it('knows a mixed password', () => {
    expect(mixesCharacterKinds('abc123!!')).toBe(true);
    expect(mixesCharacterKinds('abcdef12')).toBe(false);
    expect(mixesCharacterKinds('abcdef12', 'abcdef0123456789')).toBe(true);
  });
});
