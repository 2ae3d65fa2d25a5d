// Argon2id password hashing (oslo over @node-rs/argon2, OWASP parameters).
import { Argon2id } from 'oslo/password';

const argon2id = new Argon2id();

export function hashPassword(password: string): Promise<string> {
  return argon2id.hash(password);
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2id.verify(hash, password);
}

let dummyHash: Promise<string> | null = null;
/** Spends the same time as a real check when the account does not exist, so timing reveals nothing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= argon2id.hash('dummy-password-for-timing');
  await argon2id.verify(await dummyHash, password);
  return false;
}
