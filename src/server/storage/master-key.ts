// Where the documents' master key comes from (ADR 0042): DOCUMENT_ENCRYPTION_KEY when set (required
// with DATABASE_URL: every instance must share it), else a key file in DATA_DIR that the first start
// of the embedded mode creates. A `.next` file beside it is a rotation that had not finished: its
// key still unwraps (scripts/rotate-document-key.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../env.ts';
import { type Keyring, keyring } from './document-encryption.ts';

export const keyFileOf = (dataDir: string) => path.join(dataDir, 'document-encryption.key');
export const nextKeyFileOf = (dataDir: string) => `${keyFileOf(dataDir)}.next`;

const fromBase64 = (text: string) => Buffer.from(text.trim(), 'base64');

type KeySettings = Pick<Env, 'DOCUMENT_ENCRYPTION_KEY' | 'DOCUMENT_ENCRYPTION_OLD_KEYS' | 'DATA_DIR'>;

/** The keyring of this process; creates the embedded mode's key file on first start (and says so). */
export function documentKeyring(env: KeySettings, log: (line: { msg: string }) => void = () => {}): Keyring {
  const earlier = env.DOCUMENT_ENCRYPTION_OLD_KEYS.map(fromBase64);
  if (env.DOCUMENT_ENCRYPTION_KEY) return keyring(fromBase64(env.DOCUMENT_ENCRYPTION_KEY), earlier);
  const file = keyFileOf(env.DATA_DIR);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    try {
      fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
      log({ msg: `created the documents' encryption key in ${file}: back it up with the data (without it no document can be read)` });
    } catch (error) {
      // Another process created it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const next = nextKeyFileOf(env.DATA_DIR);
  if (fs.existsSync(next)) earlier.push(fromBase64(fs.readFileSync(next, 'utf8')));
  return keyring(fromBase64(fs.readFileSync(file, 'utf8')), earlier);
}
