// `npm run db:seed`: demo sellers, prototypes in every status, quotes, transactions and messages, so
// a newcomer sees full screens. Re-runnable: it replaces the demo accounts (…@demo.atomix.test) only.
// With the embedded database, stop the server first (one process at a time may open it).
import type { PrototypeStatus } from '../src/shared/constants.ts';
import type { TimelineEvent } from '../src/shared/event-names.ts';
import { timelineSentence } from '../src/shared/timeline-text.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { splitPayout } from '../src/server/domain/money.ts';
import { env } from '../src/server/env.ts';
import { ensureFirstAdmin } from '../src/server/first-admin.ts';
import { DEFAULT_PASSWORD, createPrototype, createUser } from '../src/server/test/factories.ts';

const DEMO_DOMAIN = 'demo.atomix.test';
const FEE_PERCENT = process.env.PLATFORM_FEE_PERCENT ?? '10';

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const db = database.prisma;

try {
  const admin = await ensureFirstAdmin(db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  if (admin.action === 'generated') console.log(`First admin: ${admin.email} / ${admin.password} (shown once)`);
  const reviewer = await db.user.findFirstOrThrow({ where: { role: 'admin' }, orderBy: { createdAt: 'asc' } });

  await db.user.deleteMany({ where: { email: { endsWith: `@${DEMO_DOMAIN}` } } });

  const sellers = await Promise.all(
    [
      { firstName: 'Amara', lastName: 'Okafor', businessName: 'Helios Research Lab', phoneNumber: '+1 415 555 0142', isVerified: true },
      { firstName: 'Kenji', lastName: 'Watanabe', businessName: 'Kyoto Fusion Works', phoneNumber: '+81 75 555 0199', isVerified: true },
      { firstName: 'Sofia', lastName: 'Lindqvist', businessName: null, phoneNumber: null, isVerified: false },
    ].map((seller) => createUser(db, { ...seller, email: `${seller.firstName.toLowerCase()}@${DEMO_DOMAIN}`, password: DEFAULT_PASSWORD })),
  );
  const [amara, kenji, sofia] = sellers as [(typeof sellers)[number], (typeof sellers)[number], (typeof sellers)[number]];

  const catalogue: {
    seller: typeof amara;
    name: string;
    energyType: string;
    status: PrototypeStatus;
    quote?: string;
    priority?: 'low' | 'medium' | 'high';
    description: string;
    powerOutput: number;
    efficiency: number;
  }[] = [
    {
      seller: amara,
      name: 'Perovskite Tandem Cell v3',
      energyType: 'solar',
      status: 'submitted',
      description: 'A perovskite-on-silicon tandem cell with an encapsulation layer rated for 25 years outdoors.',
      powerOutput: 4,
      efficiency: 31,
    },
    {
      seller: amara,
      name: 'Tidal Vortex Generator',
      energyType: 'natural',
      status: 'under_review',
      priority: 'high',
      description: 'A bladeless generator that harvests energy from vortex-induced vibration in tidal channels.',
      powerOutput: 250,
      efficiency: 44,
    },
    {
      seller: kenji,
      name: 'Compact Stellarator Coil',
      energyType: 'nuclear',
      status: 'approved',
      priority: 'high',
      description: 'High-temperature superconducting coil set for a table-top stellarator demonstration.',
      powerOutput: 1200,
      efficiency: 62,
    },
    {
      seller: kenji,
      name: 'Casimir Cavity Array',
      energyType: 'zero-point',
      status: 'rejected',
      priority: 'low',
      description: 'An array of nano-cavities claimed to extract vacuum energy; measurements pending independent review.',
      powerOutput: 1,
      efficiency: 3,
    },
    {
      seller: amara,
      name: 'Quantum Dot Thermoelectric Film',
      energyType: 'quantum',
      status: 'quoted',
      quote: '185000.00',
      description: 'Printed quantum-dot film that turns waste heat from data centres into electricity.',
      powerOutput: 18,
      efficiency: 27,
    },
    {
      seller: kenji,
      name: 'Molten Salt Micro-Reactor Loop',
      energyType: 'nuclear',
      status: 'accepted',
      quote: '2450000.00',
      priority: 'high',
      description: 'A sealed molten-salt heat loop for a 5 MW micro-reactor, with passive shutdown.',
      powerOutput: 5000,
      efficiency: 48,
    },
    {
      seller: sofia,
      name: 'Kite Wind Tether System',
      energyType: 'natural',
      status: 'in_development',
      quote: '320000.00',
      description: 'Autonomous power kites flying figure-eight paths at 400 m, with a ground-station generator.',
      powerOutput: 600,
      efficiency: 52,
    },
    {
      seller: amara,
      name: 'Solid-State Grid Battery Cell',
      energyType: 'other',
      status: 'active',
      quote: '975000.50',
      description: 'Sodium solid-state cell for grid storage, 8,000 cycles at 90% retention.',
      powerOutput: 150,
      efficiency: 93,
    },
  ];

  for (const [index, item] of catalogue.entries()) {
    const createdAt = new Date(Date.now() - (catalogue.length - index) * 3 * 86_400_000);
    const quoted = item.quote !== undefined;
    const decided = ['accepted', 'in_development', 'active'].includes(item.status);
    const prototype = await createPrototype(db, item.seller.id, {
      prototypeName: item.name,
      inventorName: `${item.seller.firstName} ${item.seller.lastName}`,
      energyType: item.energyType,
      description: item.description,
      powerOutput: item.powerOutput,
      efficiency: item.efficiency,
      status: item.status,
      priority: item.priority ?? 'medium',
      stage: decided ? 'development' : quoted ? 'negotiation' : item.status === 'submitted' ? 'initial_review' : 'technical_evaluation',
      atomixQuote: item.quote ?? null,
      quoteNotes: quoted ? 'Includes a 12-month development partnership and lab access.' : null,
      quoteProvideBy: quoted ? reviewer.id : null,
      quotedAt: quoted ? new Date(createdAt.getTime() + 86_400_000) : null,
      finalAmount: decided ? (item.quote ?? null) : null,
      reviewerComments: item.status === 'rejected' ? 'Claims could not be reproduced in our lab.' : null,
      createdAt,
    });
    await db.prototypeTimeline.create({
      data: {
        prototypeId: prototype.id,
        event: 'submitted' satisfies TimelineEvent,
        description: timelineSentence({ event: 'submitted' }),
        metadata: { to: 'submitted' },
        performedBy: item.seller.id,
        eventDate: createdAt,
      },
    });
    if (item.status !== 'submitted') {
      await db.prototypeTimeline.create({
        data: {
          prototypeId: prototype.id,
          event: 'status_changed' satisfies TimelineEvent,
          description: timelineSentence({ event: 'status_changed', metadata: { status: item.status } }),
          metadata: { status: item.status },
          performedBy: reviewer.id,
          eventDate: new Date(createdAt.getTime() + 2 * 86_400_000),
        },
      });
    }
    if (decided && item.quote) {
      const split = splitPayout(item.quote, FEE_PERCENT);
      const completed = item.status === 'active';
      await db.transaction.create({
        data: {
          prototypeId: prototype.id,
          sellerId: item.seller.id,
          amount: split.amount,
          platformFee: split.platformFee,
          sellerPayout: split.sellerPayout,
          status: completed ? 'completed' : 'pending',
          completedAt: completed ? new Date() : null,
        },
      });
    }
  }

  const welcome = await db.adminMessage.create({
    data: {
      adminId: reviewer.id,
      userId: amara.id,
      subject: 'Welcome to Atomix Energy',
      message: 'Thank you for submitting your prototypes. Our review team will contact you within two weeks.',
      messageType: 'admin_to_user',
    },
  });
  await db.adminMessage.create({
    data: {
      adminId: reviewer.id,
      userId: amara.id,
      parentMessageId: welcome.id,
      subject: 'Re: Welcome to Atomix Energy',
      message: 'Thanks! Happy to share lab data whenever it helps.',
      messageType: 'user_to_admin',
    },
  });
  await db.adminMessage.create({
    data: {
      adminId: reviewer.id,
      userId: kenji.id,
      subject: 'Quote accepted: next steps',
      message: 'We will send the development partnership agreement this week.',
      messageType: 'admin_to_user',
    },
  });

  console.log(`Seeded ${sellers.length} demo sellers (password "${DEFAULT_PASSWORD}"):`);
  for (const seller of sellers) console.log(`  ${seller.email}`);
} finally {
  await database.close();
}
