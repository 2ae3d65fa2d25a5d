// `npm run db:seed`: demo sellers, prototypes in every status and every pipeline stage, reviewers
// and scorecards, quotes, transactions and messages (src/server/demo-data.ts), so a newcomer sees
// full screens. Re-runnable: it replaces the demo accounts (…@demo.atomix.test) only.
// With the embedded database, stop the server first (one process at a time may open it).
import { openDatabase } from '../src/server/db/index.ts';
import { seedDemoData } from '../src/server/demo-data.ts';
import { parseEnv } from '../src/server/env.ts';
import { ensureFirstAdmin } from '../src/server/first-admin.ts';
import { publicUrlOf } from '../src/server/mail/mailer.ts';
import { createDocumentStore } from '../src/server/storage/choose-store.ts';
import { documentKeyring } from '../src/server/storage/master-key.ts';
import { DEFAULT_PASSWORD } from '../src/server/demo/factories.ts';

const env = parseEnv(process.env);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const db = database.prisma;

try {
  const admin = await ensureFirstAdmin(db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  if (admin.action === 'generated') console.log(`First admin: ${admin.email} / ${admin.password} (shown once)`);
  const { sellers } = await seedDemoData(db, {
    documentStore: createDocumentStore(
      database,
      env.DATA_DIR,
      documentKeyring(env, (line) => console.log(line.msg)),
    ),
    feePercent: process.env.PLATFORM_FEE_PERCENT ?? '10',
    links: { publicUrl: publicUrlOf(env) },
  });
  console.log(`Seeded ${sellers.length} demo sellers (password "${DEFAULT_PASSWORD}"):`);
  for (const seller of sellers) console.log(`  ${seller.email}`);
} finally {
  await database.close();
}
