// The demo data of `npm run db:seed` (prisma/seed.ts): sellers, prototypes in every status and every
// stage of the pipeline, reviewers and their scorecards, final scores, quote versions, released
// evaluations, information requests, document access, milestones and due dates met, open and
// overdue. Re-runnable: it replaces the demo accounts (…@demo.atomix.test) and what hangs off them.
import { Readable } from 'node:stream';
import type { PrototypeStatus } from '~/shared/constants.ts';
import type { PrototypeStage } from '~/shared/prototype-stages.ts';
import { timelineSentence } from '~/shared/timeline-text.ts';
import type { Db } from './db/index.ts';
import { appendAccessRecord } from './domain/access-record.ts';
import { transactionReference } from './domain/ledger.ts';
import { recordAcceptedQuote } from './domain/prototype-transitions.ts';
import type { EmailLinks } from './mail/mailer.ts';
import { recordManualPayout } from './payments/payout-state.ts';
import { seedModerationDemo } from './demo/moderation-demo.ts';
import { generateRandomPassword } from '~/shared/generate-password.ts';
import type { DocumentStore } from './storage/document-store.ts';
import { seedPermissionsDemo } from './demo/permissions-demo.ts';
import { DEFAULT_PASSWORD, createAdmin, createPrototype, createUser } from './demo/factories.ts';
import { seedSupportDemo } from './demo/support-demo.ts';
import { seedReportsDemo } from './demo/reports-demo.ts';
import { seedComplianceDemo } from './demo/compliance-demo.ts';
import { DAY_MS } from '~/shared/days.ts';

export const DEMO_DOMAIN = 'demo.atomix.test';

/** A one-page PDF, so a seeded document opens in a viewer. */
const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

type Level = 'low' | 'medium' | 'high';

interface ScorecardSeed {
  technicalFeasibility: number;
  commercialViability: number;
  riskLevel: Level;
  marketPotential: Level;
  trl: number;
  estimatedValue: number;
  investmentRequired: number;
  timelineWeeks: number;
  confidence: Level;
  strengths: string;
  concerns: string;
}

interface DemoPrototype {
  seller: 'amara' | 'kenji' | 'sofia';
  name: string;
  energyType: string;
  status: PrototypeStatus;
  stage: PrototypeStage;
  priority?: Level;
  description: string;
  powerOutput: number;
  efficiency: number;
  /** Submitted this many days before the seed runs (the review promise counts from it). */
  ageDays: number;
  initialReviewMetAfterDays?: number;
  feedbackMetAfterDays?: number;
  /** The lead reviewer and the reviewers' scorecards ('first' is the site's first admin, 'lise' the demo reviewer). */
  lead?: 'first' | 'lise';
  scorecards?: Partial<Record<'first' | 'lise', ScorecardSeed>>;
  final?: { technicalFeasibility: number; commercialViability: number; trl: number; riskLevel: Level; marketPotential: Level };
  /** Quote versions, oldest first; the last is the prototype's current quote. */
  quotes?: { amount: string; notes: string; afterDays: number; response?: 'accepted' | 'declined'; responseNote?: string }[];
  milestone?: { text: string; inDays: number };
  completedAfterDays?: number;
  reviewerComments?: string;
  release?: { summary: string; strengths: string; concerns: string; includeScores: boolean; afterDays: number };
  infoRequest?: { question: string; wantsDocuments: boolean; afterDays: number; answer?: string };
  document?: { fileName: string; afterDays: number; openedBy: ('first' | 'lise')[] };
}

const card = (overrides: Partial<ScorecardSeed> & Pick<ScorecardSeed, 'technicalFeasibility' | 'commercialViability' | 'trl'>): ScorecardSeed => ({
  riskLevel: 'medium',
  marketPotential: 'medium',
  estimatedValue: 250_000,
  investmentRequired: 120_000,
  timelineWeeks: 26,
  confidence: 'medium',
  strengths: 'Clear measurements and a credible team.',
  concerns: 'Scale-up costs are not yet known.',
  ...overrides,
});

const CATALOGUE: DemoPrototype[] = [
  {
    seller: 'amara',
    name: 'Perovskite Tandem Cell v3',
    energyType: 'solar',
    status: 'submitted',
    stage: 'initial_review',
    description: 'A perovskite-on-silicon tandem cell with an encapsulation layer rated for 25 years outdoors.',
    powerOutput: 4,
    efficiency: 31,
    ageDays: 3,
  },
  {
    seller: 'sofia',
    name: 'Graphene Supercapacitor Stack',
    energyType: 'other',
    status: 'submitted',
    stage: 'initial_review',
    priority: 'high',
    description: 'Stacked graphene supercapacitors that buffer a wind farm’s output for ninety seconds.',
    powerOutput: 80,
    efficiency: 95,
    ageDays: 17,
    lead: 'lise',
  },
  {
    seller: 'amara',
    name: 'Tidal Vortex Generator',
    energyType: 'natural',
    status: 'under_review',
    stage: 'technical_evaluation',
    priority: 'high',
    description: 'A bladeless generator that harvests energy from vortex-induced vibration in tidal channels.',
    powerOutput: 250,
    efficiency: 44,
    ageDays: 12,
    initialReviewMetAfterDays: 4,
    lead: 'first',
    scorecards: {
      lise: card({ technicalFeasibility: 71, commercialViability: 58, trl: 4, riskLevel: 'medium', marketPotential: 'high', confidence: 'medium' }),
    },
    infoRequest: {
      question: 'Could you share the tank-test data at 2 m/s flow, with the vibration amplitude over time?',
      wantsDocuments: true,
      afterDays: 6,
    },
    document: { fileName: 'tidal-vortex-tank-tests.pdf', afterDays: 0, openedBy: ['first'] },
  },
  {
    seller: 'kenji',
    name: 'Muon-Catalysed Fusion Cell',
    energyType: 'nuclear',
    status: 'under_review',
    stage: 'commercial_evaluation',
    description: 'A cryogenic deuterium-tritium cell where muons catalyse fusion; the muon source is the open question.',
    powerOutput: 40,
    efficiency: 12,
    ageDays: 33,
    initialReviewMetAfterDays: 9,
    lead: 'lise',
    scorecards: {
      first: card({ technicalFeasibility: 48, commercialViability: 35, trl: 3, riskLevel: 'high', marketPotential: 'medium', confidence: 'low' }),
      lise: card({ technicalFeasibility: 55, commercialViability: 41, trl: 3, riskLevel: 'high', marketPotential: 'high', confidence: 'medium' }),
    },
  },
  {
    seller: 'kenji',
    name: 'Compact Stellarator Coil',
    energyType: 'nuclear',
    status: 'approved',
    stage: 'commercial_evaluation',
    priority: 'high',
    description: 'High-temperature superconducting coil set for a table-top stellarator demonstration.',
    powerOutput: 1200,
    efficiency: 62,
    ageDays: 26,
    initialReviewMetAfterDays: 5,
    feedbackMetAfterDays: 20,
    lead: 'first',
    scorecards: {
      first: card({
        technicalFeasibility: 84,
        commercialViability: 72,
        trl: 5,
        riskLevel: 'medium',
        marketPotential: 'high',
        estimatedValue: 1_800_000,
        investmentRequired: 650_000,
        timelineWeeks: 52,
        confidence: 'high',
        strengths: 'Coil quench tests reproduce the published field at 20 K.',
        concerns: 'Cryostat supply chain depends on one vendor.',
      }),
      lise: card({
        technicalFeasibility: 78,
        commercialViability: 66,
        trl: 5,
        riskLevel: 'medium',
        marketPotential: 'high',
        estimatedValue: 1_500_000,
        investmentRequired: 700_000,
        timelineWeeks: 60,
        confidence: 'medium',
      }),
    },
    final: { technicalFeasibility: 81, commercialViability: 69, trl: 5, riskLevel: 'medium', marketPotential: 'high' },
    release: {
      summary: 'Approved for a commercial evaluation: a strong technical case, with one supply risk to resolve.',
      strengths: 'Reproducible field strength; a compact, well-documented design.',
      concerns: 'A single cryostat vendor.',
      includeScores: true,
      afterDays: 20,
    },
    infoRequest: {
      question: 'Which cryostat vendor did you use for the 20 K tests, and is there a second source?',
      wantsDocuments: false,
      afterDays: 8,
      answer: 'Cryomech for the tests; we have a quote from a second vendor for the next build.',
    },
    document: { fileName: 'stellarator-coil-test-report.pdf', afterDays: 1, openedBy: ['first', 'lise'] },
  },
  {
    seller: 'amara',
    name: 'Quantum Dot Thermoelectric Film',
    energyType: 'quantum',
    status: 'quoted',
    stage: 'negotiation',
    description: 'Printed quantum-dot film that turns waste heat from data centres into electricity.',
    powerOutput: 18,
    efficiency: 27,
    ageDays: 24,
    initialReviewMetAfterDays: 6,
    feedbackMetAfterDays: 15,
    lead: 'first',
    scorecards: {
      first: card({ technicalFeasibility: 74, commercialViability: 81, trl: 6, riskLevel: 'low', marketPotential: 'high', confidence: 'high' }),
    },
    final: { technicalFeasibility: 74, commercialViability: 81, trl: 6, riskLevel: 'low', marketPotential: 'high' },
    quotes: [
      {
        amount: '150000.00',
        notes: 'Purchase of the film process and patents.',
        afterDays: 15,
        response: 'declined',
        responseNote: 'Below what the pilot line cost us.',
      },
      { amount: '185000.00', notes: 'Revised: includes a 12-month development partnership and lab access.', afterDays: 19 },
    ],
  },
  {
    seller: 'kenji',
    name: 'Molten Salt Micro-Reactor Loop',
    energyType: 'nuclear',
    status: 'accepted',
    stage: 'negotiation',
    priority: 'high',
    description: 'A sealed molten-salt heat loop for a 5 MW micro-reactor, with passive shutdown.',
    powerOutput: 5000,
    efficiency: 48,
    ageDays: 45,
    initialReviewMetAfterDays: 7,
    feedbackMetAfterDays: 25,
    lead: 'lise',
    final: { technicalFeasibility: 88, commercialViability: 79, trl: 6, riskLevel: 'medium', marketPotential: 'high' },
    quotes: [{ amount: '2450000.00', notes: 'Includes a 12-month development partnership and lab access.', afterDays: 25, response: 'accepted' }],
  },
  {
    seller: 'sofia',
    name: 'Kite Wind Tether System',
    energyType: 'natural',
    status: 'in_development',
    stage: 'development',
    description: 'Autonomous power kites flying figure-eight paths at 400 m, with a ground-station generator.',
    powerOutput: 600,
    efficiency: 52,
    ageDays: 60,
    initialReviewMetAfterDays: 5,
    feedbackMetAfterDays: 22,
    lead: 'first',
    final: { technicalFeasibility: 76, commercialViability: 70, trl: 7, riskLevel: 'medium', marketPotential: 'medium' },
    quotes: [{ amount: '320000.00', notes: 'Purchase and a joint flight-test programme.', afterDays: 22, response: 'accepted' }],
    milestone: { text: 'Tethered flight test at 400 m', inDays: 21 },
  },
  {
    seller: 'sofia',
    name: 'Wave-Powered Desalination Buoy',
    energyType: 'natural',
    status: 'in_development',
    stage: 'development',
    priority: 'low',
    description: 'A moored buoy whose heave drives reverse-osmosis pumps: fresh water and power from the same wave.',
    powerOutput: 35,
    efficiency: 38,
    ageDays: 80,
    initialReviewMetAfterDays: 10,
    feedbackMetAfterDays: 28,
    lead: 'lise',
    quotes: [{ amount: '140000.00', notes: 'Purchase with a sea-trial budget.', afterDays: 28, response: 'accepted' }],
    milestone: { text: 'Sea trial in the Baltic', inDays: -5 },
  },
  {
    seller: 'amara',
    name: 'Solid-State Grid Battery Cell',
    energyType: 'other',
    status: 'active',
    stage: 'deployment',
    description: 'Sodium solid-state cell for grid storage, 8,000 cycles at 90% retention.',
    powerOutput: 150,
    efficiency: 93,
    ageDays: 120,
    initialReviewMetAfterDays: 6,
    feedbackMetAfterDays: 21,
    lead: 'first',
    final: { technicalFeasibility: 92, commercialViability: 88, trl: 8, riskLevel: 'low', marketPotential: 'high' },
    quotes: [{ amount: '975000.50', notes: 'Purchase, licence and deployment support.', afterDays: 21, response: 'accepted' }],
    completedAfterDays: 110,
  },
  {
    seller: 'kenji',
    name: 'Casimir Cavity Array',
    energyType: 'zero-point',
    status: 'rejected',
    stage: 'closed',
    priority: 'low',
    description: 'An array of nano-cavities claimed to extract vacuum energy; measurements pending independent review.',
    powerOutput: 1,
    efficiency: 3,
    ageDays: 20,
    initialReviewMetAfterDays: 8,
    feedbackMetAfterDays: 16,
    lead: 'lise',
    scorecards: {
      lise: card({
        technicalFeasibility: 8,
        commercialViability: 5,
        trl: 1,
        riskLevel: 'high',
        marketPotential: 'low',
        estimatedValue: 0,
        investmentRequired: 900_000,
        timelineWeeks: 156,
        confidence: 'high',
        strengths: 'Careful fabrication of the cavities.',
        concerns: 'The claimed output is within the measurement error; no mechanism beyond known Casimir forces.',
      }),
    },
    reviewerComments: 'Claims could not be reproduced in our lab.',
    release: {
      summary: 'Not taken forward: the measured output could not be separated from instrument error.',
      strengths: 'Careful fabrication of the cavities.',
      concerns: 'Independent replication is needed before another submission.',
      includeScores: false,
      afterDays: 16,
    },
  },
  {
    // Answered yes to tritium at submission: on export compliance hold (compliance-demo.ts), so no reviewer yet.
    seller: 'kenji',
    name: 'Tritium Breeding Blanket Module',
    energyType: 'nuclear',
    status: 'submitted',
    stage: 'initial_review',
    priority: 'high',
    description: 'A lithium-lead blanket module that breeds tritium for a fusion pilot plant, with an extraction loop.',
    powerOutput: 300,
    efficiency: 35,
    ageDays: 2,
  },
];

export interface DemoSeedOptions {
  /** Where the demo documents' bytes go (the app's store, so they download). */
  documentStore: DocumentStore;
  now?: Date;
  feePercent?: string | number;
  /** Where links in the notices of seeded payouts point (the seed passes PUBLIC_URL). */
  links?: EmailLinks;
}

const DEMO_META = { ip: null, userAgent: 'demo data (npm run db:seed)' };

/** An accepted quote: its payout is owed from acceptedAt, and paid at paidAt (null: not yet). */
interface DemoDeal {
  prototype: Parameters<typeof recordAcceptedQuote>[1]['prototype'];
  quote: string;
  acceptedAt: Date;
  paidAt: Date | null;
}

/** Replaces the demo accounts and their data; returns the demo sellers. */
export async function seedDemoData(db: Db, options: DemoSeedOptions) {
  const now = options.now ?? new Date();
  const feePercent = options.feePercent ?? '10';
  const at = (ageDays: number, afterDays = 0) => new Date(now.getTime() - ageDays * DAY_MS + afterDays * DAY_MS);
  const first = await db.user.findFirstOrThrow({ where: { role: 'admin', email: { not: { endsWith: `@${DEMO_DOMAIN}` } } }, orderBy: { createdAt: 'asc' } });

  // The bytes of the previous run's documents first: their rows go with the demo accounts.
  const previous = await db.prototypeDocument.findMany({
    where: { prototype: { seller: { email: { endsWith: `@${DEMO_DOMAIN}` } } } },
    select: { storageKey: true },
  });
  await db.user.deleteMany({ where: { email: { endsWith: `@${DEMO_DOMAIN}` } } });
  for (const { storageKey } of previous) await options.documentStore.delete(storageKey);

  const sellers = await Promise.all(
    [
      { firstName: 'Amara', lastName: 'Okafor', businessName: 'Helios Research Lab', phoneNumber: '+1 415 555 0142', isVerified: true },
      { firstName: 'Kenji', lastName: 'Watanabe', businessName: 'Kyoto Fusion Works', phoneNumber: '+81 75 555 0199', isVerified: true },
      { firstName: 'Sofia', lastName: 'Lindqvist', businessName: null, phoneNumber: null, isVerified: false },
    ].map((seller) => createUser(db, { ...seller, email: `${seller.firstName.toLowerCase()}@${DEMO_DOMAIN}`, password: DEFAULT_PASSWORD })),
  );
  const [amara, kenji, sofia] = sellers as [(typeof sellers)[number], (typeof sellers)[number], (typeof sellers)[number]];
  const sellerOf = { amara, kenji, sofia };
  // A second reviewer for the scorecards. Not for signing in: its password is random and never shown.
  const lise = await createAdmin(db, { email: `lise.reviewer@${DEMO_DOMAIN}`, firstName: 'Lise', lastName: 'Meitner', password: generateRandomPassword(24) });
  const admins = { first, lise };

  const deals: DemoDeal[] = [];
  for (const item of CATALOGUE) {
    const seller = sellerOf[item.seller];
    const createdAt = at(item.ageDays);
    const quote = item.quotes?.at(-1);
    const accepted = quote?.response === 'accepted';
    const finalFigures = finalFiguresOf(item);
    const prototype = await createPrototype(db, seller.id, {
      prototypeName: item.name,
      inventorName: `${seller.firstName} ${seller.lastName}`,
      energyType: item.energyType,
      description: item.description,
      powerOutput: item.powerOutput,
      efficiency: item.efficiency,
      status: item.status,
      stage: item.stage,
      priority: item.priority ?? 'medium',
      assignedTo: item.lead ? admins[item.lead].id : null,
      ...(finalFigures ?? {}),
      atomixQuote: quote?.amount ?? null,
      quoteNotes: quote?.notes ?? null,
      quoteProvideBy: quote ? first.id : null,
      quotedAt: quote ? at(item.ageDays, quote.afterDays) : null,
      sellerResponse: quote?.response ?? null,
      sellerResponseNote: quote?.responseNote ?? null,
      sellerResponseAt: quote?.response ? at(item.ageDays, quote.afterDays + 2) : null,
      finalAmount: accepted ? quote.amount : null,
      nextMilestone: item.milestone?.text ?? null,
      milestoneDate: item.milestone ? new Date(now.getTime() + item.milestone.inDays * DAY_MS) : null,
      completedAt: item.completedAfterDays !== undefined ? at(item.ageDays, item.completedAfterDays) : null,
      reviewerComments: item.reviewerComments ?? null,
      initialReviewMetAt: item.initialReviewMetAfterDays !== undefined ? at(item.ageDays, item.initialReviewMetAfterDays) : null,
      feedbackMetAt: item.feedbackMetAfterDays !== undefined ? at(item.ageDays, item.feedbackMetAfterDays) : null,
      createdAt,
    });
    const id = prototype.id;

    await db.prototypeTimeline.create({
      data: {
        prototypeId: id,
        event: 'submitted',
        description: timelineSentence({ event: 'submitted' }),
        metadata: { to: 'submitted' },
        performedBy: seller.id,
        eventDate: createdAt,
      },
    });
    if (item.status !== 'submitted') {
      await db.prototypeTimeline.create({
        data: {
          prototypeId: id,
          event: 'status_changed',
          description: timelineSentence({ event: 'status_changed', metadata: { status: item.status } }),
          metadata: { status: item.status },
          performedBy: first.id,
          eventDate: at(item.ageDays, item.feedbackMetAfterDays ?? item.initialReviewMetAfterDays ?? 2),
        },
      });
    }

    const reviewers = new Set<'first' | 'lise'>([...(item.lead ? [item.lead] : []), ...(Object.keys(item.scorecards ?? {}) as ('first' | 'lise')[])]);
    for (const who of reviewers) {
      await db.prototypeReviewer.create({
        data: { prototypeId: id, reviewerId: admins[who].id, assignedBy: first.id, assignedAt: at(item.ageDays, 1) },
      });
    }
    for (const [who, scorecard] of Object.entries(item.scorecards ?? {}) as ['first' | 'lise', ScorecardSeed][]) {
      await db.scorecard.create({ data: { prototypeId: id, reviewerId: admins[who].id, ...scorecard, submittedAt: at(item.ageDays, 5) } });
    }
    for (const version of item.quotes ?? []) {
      await db.quoteVersion.create({
        data: {
          prototypeId: id,
          amount: version.amount,
          notes: version.notes,
          quotedBy: first.id,
          quotedAt: at(item.ageDays, version.afterDays),
          sellerResponse: version.response ?? null,
          sellerResponseNote: version.responseNote ?? null,
          sellerResponseAt: version.response ? at(item.ageDays, version.afterDays + 2) : null,
        },
      });
    }
    if (item.release) {
      await db.evaluationRelease.create({
        data: {
          prototypeId: id,
          releasedBy: first.id,
          summary: item.release.summary,
          strengths: item.release.strengths,
          concerns: item.release.concerns,
          includeScores: item.release.includeScores,
          // All eight figures, as a release by the app writes them (finalScores).
          scores: item.release.includeScores && finalFigures ? finalFigures : undefined,
          releasedAt: at(item.ageDays, item.release.afterDays),
        },
      });
    }
    if (item.infoRequest) {
      const request = item.infoRequest;
      await db.infoRequest.create({
        data: {
          prototypeId: id,
          askedBy: admins[item.lead ?? 'first'].id,
          question: request.question,
          wantsDocuments: request.wantsDocuments,
          answer: request.answer ?? null,
          answeredBy: request.answer ? seller.id : null,
          answeredAt: request.answer ? at(item.ageDays, request.afterDays + 1) : null,
          createdAt: at(item.ageDays, request.afterDays),
        },
      });
    }
    if (item.document) {
      const doc = item.document;
      const storageKey = `prototypes/${id}/demo-${doc.fileName.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
      const document = await options.documentStore.save(storageKey, Readable.from([DEMO_PDF]), (tx, size) =>
        tx.prototypeDocument.create({
          data: {
            prototypeId: id,
            fileName: doc.fileName,
            fileType: 'application/pdf',
            fileSize: size,
            storageKey,
            uploadedBy: seller.id,
            uploadedAt: at(item.ageDays, doc.afterDays),
          },
        }),
      );
      for (const [index, who] of doc.openedBy.entries()) {
        const entry = { kind: 'download' as const, documentId: document.id, prototypeId: id, userId: admins[who].id, at: at(item.ageDays, 3 + index) };
        await db.$transaction((tx) => appendAccessRecord(tx, entry));
      }
    }
    if (accepted && quote) {
      // Owed when the seller accepted the quote, paid a week later (deployed prototypes only).
      deals.push({
        prototype: { ...prototype, sellerId: seller.id },
        quote: quote.amount,
        acceptedAt: at(item.ageDays, quote.afterDays + 2),
        paidAt: item.status === 'active' ? at(item.ageDays, quote.afterDays + 9) : null,
      });
    }
  }

  // The app's own money path, in the order it happened (issue 34, point 12: the ledger reads newest
  // first and each seller's balance runs in that order): a pending transaction and the ledger row
  // owing the payout when a quote was accepted; the payout recorded as sent when it was paid (so
  // balances add up by construction). Then each row gets the date it happened on.
  const events = deals
    .flatMap((deal) => [{ on: deal.acceptedAt, deal, paid: false }, ...(deal.paidAt ? [{ on: deal.paidAt, deal, paid: true }] : [])])
    .sort((a, b) => a.on.getTime() - b.on.getTime());
  const transactionOf = new Map<DemoDeal, number>();
  for (const { on, deal, paid } of events) {
    await db.$transaction(async (tx) => {
      if (!paid) {
        const { transactionId } = await recordAcceptedQuote(tx, { prototype: deal.prototype, quote: deal.quote, feePercent, actorId: first.id });
        transactionOf.set(deal, transactionId);
        await tx.transaction.update({ where: { id: transactionId }, data: { createdAt: on, updatedAt: on } });
        await tx.financialRecord.updateMany({ where: { reference: transactionReference(transactionId), type: 'payout_due' }, data: { createdAt: on } });
        return;
      }
      const transactionId = transactionOf.get(deal)!;
      const reference = `DEMO-WIRE-${transactionId}`;
      await recordManualPayout(
        tx,
        options.links ?? { publicUrl: 'http://localhost:3000' },
        { actorId: first.id, meta: DEMO_META, now: on },
        transactionId,
        'wire',
        reference,
      );
      await tx.transaction.update({ where: { id: transactionId }, data: { completedAt: on, updatedAt: on } });
      await tx.financialRecord.updateMany({ where: { reference, type: 'payout_sent' }, data: { createdAt: on } });
    });
  }

  const welcome = await db.adminMessage.create({
    data: {
      adminId: first.id,
      userId: amara.id,
      subject: 'Welcome to Atomix Energy',
      message: 'Thank you for submitting your prototypes. Our review team will contact you within two weeks.',
      messageType: 'admin_to_user',
    },
  });
  await db.adminMessage.create({
    data: {
      adminId: first.id,
      userId: amara.id,
      parentMessageId: welcome.id,
      subject: 'Re: Welcome to Atomix Energy',
      message: 'Thanks! Happy to share lab data whenever it helps.',
      messageType: 'user_to_admin',
    },
  });
  await db.adminMessage.create({
    data: {
      adminId: first.id,
      userId: kenji.id,
      subject: 'Quote accepted: next steps',
      message: 'We will send the development partnership agreement this week.',
      messageType: 'admin_to_user',
    },
  });

  await seedModerationDemo(db, { adminId: first.id, kenjiId: kenji.id, sofiaId: sofia.id, now });
  await seedSupportDemo(db, { admin: first, sellers, now });
  await seedPermissionsDemo(db, { firstAdminId: first.id, reviewerId: lise.id, sellerId: sofia.id, now });
  await seedReportsDemo(db, { adminId: first.id, amaraId: amara.id, kenjiId: kenji.id, now });
  await seedComplianceDemo(db, {
    officerId: first.id,
    reviewerId: lise.id,
    reviewerEmail: lise.email,
    sellerIds: sellers.map((s) => s.id),
    listedSellerId: sofia.id,
    now,
  });

  return { sellers, reviewers: [first, lise] };
}

/** The final evaluation the lead records: the chosen scores, and the reviewers' means of the money and time figures. */
function finalFiguresOf(item: { final?: DemoPrototype['final']; scorecards?: DemoPrototype['scorecards'] }) {
  if (!item.final) return null;
  const cards = item.scorecards;
  return {
    technicalFeasibility: item.final.technicalFeasibility,
    commercialViability: item.final.commercialViability,
    riskLevel: item.final.riskLevel,
    marketPotential: item.final.marketPotential,
    trl: item.final.trl,
    estimatedValue: cards ? averageOf(cards, 'estimatedValue') : null,
    investmentRequired: cards ? averageOf(cards, 'investmentRequired') : null,
    timelineWeeks: cards ? averageOf(cards, 'timelineWeeks') : null,
  };
}

/** The reviewers' mean of a figure, whole (dollars or weeks: what the lead would record). */
function averageOf(scorecards: Partial<Record<string, ScorecardSeed>>, field: 'estimatedValue' | 'investmentRequired' | 'timelineWeeks'): number {
  const values = Object.values(scorecards).map((s) => s![field]);
  return Math.round(values.reduce((sum, v) => sum + v, 0) / values.length);
}
