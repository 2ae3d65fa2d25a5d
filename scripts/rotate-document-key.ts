// `npm run documents:rotate-key`: re-wraps every document's key under a new master key, without
// re-encrypting any document (ADR 0042).
// - With DOCUMENT_ENCRYPTION_KEY (required with DATABASE_URL): set it to the new key and list the old
//   one in DOCUMENT_ENCRYPTION_OLD_KEYS on every instance, then run this once; afterwards the old key
//   can leave DOCUMENT_ENCRYPTION_OLD_KEYS.
// - Embedded (the key file in DATA_DIR; stop the server first): a new key is made and written beside
//   the old one (`.next`), every key is re-wrapped, then the new key replaces the old file. Interrupted,
//   the next start still reads both, and running this again finishes the rotation.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { openDatabase } from '../src/server/db/index.ts';
import { parseEnv } from '../src/server/env.ts';
import { keyring } from '../src/server/storage/document-encryption.ts';
import { documentKeyring, keyFileOf, nextKeyFileOf } from '../src/server/storage/master-key.ts';
import { rewrapDocumentKeys } from '../src/server/storage/rewrap-keys.ts';

const env = parseEnv(process.env);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  if (env.DOCUMENT_ENCRYPTION_KEY) {
    const count = await rewrapDocumentKeys(database.prisma, documentKeyring(env));
    console.log(`Re-wrapped ${count} document keys under DOCUMENT_ENCRYPTION_KEY. The keys in DOCUMENT_ENCRYPTION_OLD_KEYS are no longer needed.`);
  } else {
    const current = documentKeyring(env);
    const nextFile = nextKeyFileOf(env.DATA_DIR);
    if (!fs.existsSync(nextFile)) fs.writeFileSync(nextFile, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    const next = Buffer.from(fs.readFileSync(nextFile, 'utf8').trim(), 'base64');
    const ring = keyring(
      next,
      [...current.byId.values()].map((k) => k.key),
    );
    const count = await rewrapDocumentKeys(database.prisma, ring);
    fs.renameSync(nextFile, keyFileOf(env.DATA_DIR));
    console.log(`Re-wrapped ${count} document keys under a new key, now in ${keyFileOf(env.DATA_DIR)}: back it up (the old key no longer opens them).`);
  }
} finally {
  await database.close();
}
