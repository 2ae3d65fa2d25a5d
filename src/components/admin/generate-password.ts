// Generate Random of the Reset Password dialog (spec section 5): 12 characters of letters, digits
// and !@#$%^&*, drawn from crypto.getRandomValues without modulo bias (rejection sampling).
import { GENERATED_PASSWORD_ALPHABET, GENERATED_PASSWORD_LENGTH } from '~/shared/constants.ts';

type RandomSource = (buffer: Uint8Array) => Uint8Array;
const cryptoSource: RandomSource = (buffer) => globalThis.crypto.getRandomValues(buffer);

export function generateRandomPassword(
  length = GENERATED_PASSWORD_LENGTH,
  alphabet = GENERATED_PASSWORD_ALPHABET,
  random: RandomSource = cryptoSource,
): string {
  // Bytes at or above the largest multiple of the alphabet size would favour the first characters.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  const buffer = new Uint8Array(length * 2);
  while (out.length < length) {
    random(buffer);
    for (const byte of buffer) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}
