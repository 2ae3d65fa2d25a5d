// Generated passwords: the admin's Generate Random (spec section 5: 12 characters of letters,
// digits and !@#$%^&*) and the first admin's start-up password. Drawn from crypto.getRandomValues
// (browser and Node alike) without modulo bias, and always mixing the three kinds of character: a
// draw without one of them is thrown away whole, so every accepted password is equally likely.
import { GENERATED_PASSWORD_ALPHABET, GENERATED_PASSWORD_LENGTH } from './constants.ts';

type RandomSource = (buffer: Uint8Array) => Uint8Array;
const cryptoSource: RandomSource = (buffer) => globalThis.crypto.getRandomValues(buffer);

const KINDS = [/[A-Za-z]/, /[0-9]/, /[^A-Za-z0-9]/];

/** Whether the password has a letter, a digit and a symbol (when the alphabet offers each). */
export function mixesCharacterKinds(password: string, alphabet = GENERATED_PASSWORD_ALPHABET): boolean {
  return KINDS.every((kind) => !kind.test(alphabet) || kind.test(password));
}

function draw(length: number, alphabet: string, random: RandomSource): string {
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

export function generateRandomPassword(
  length = GENERATED_PASSWORD_LENGTH,
  alphabet = GENERATED_PASSWORD_ALPHABET,
  random: RandomSource = cryptoSource,
): string {
  // Shorter than three characters cannot mix three kinds.
  if (length < KINDS.length) return draw(length, alphabet, random);
  for (;;) {
    const password = draw(length, alphabet, random);
    if (mixesCharacterKinds(password, alphabet)) return password;
  }
}
