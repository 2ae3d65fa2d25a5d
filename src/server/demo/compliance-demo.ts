// Demo export control (issue 32; ADR 0050): a prototype in every compliance state and a screening hit
// to decide. Through the domain's own functions (recordScreening, classify, importScreeningList,
// screenUser), written as the site's first administrator (who holds compliance.manage) would:
// - unscreened: the catalogue's prototypes not named below;
// - hold: the tritium blanket (tritium answered yes, classification unknown);
// - controlled: the muon-catalysed cell (1E201: the seller's own reading, then counsel's, so it has a
//   history) and the molten-salt loop (Part 810, on a DOE determination);
// - not controlled: the perovskite cell on the seller's word (EAR99, every answer no) and the grid
//   battery, classified EAR99 by an officer after the seller did not know;
// - an open hit: a listed party whose alternate name is a demo seller's;
// - cleared people (ADR 0051): the demo reviewer is a foreign person with an authorization for the
//   muon cell that ends within 30 days, and release records of what she opened and was refused. The
//   site's first administrator is a real person: their status is left for an officer to record.
import { createHash } from 'node:crypto';
import type { ExportScreening } from '~/shared/schemas/export-control.ts';
import type { ClassificationBasis, Jurisdiction } from '~/shared/export-control.ts';
import type { Db } from '../db/index.ts';
import { importScreeningList, screenUser } from '../domain/denied-party-screening.ts';
import { DEFAULT_DATA_ROOM_POLICY } from '../domain/confidential-access.ts';
import { addAuthorization, exportClearanceCheck, recordExportDecisions, setExportStatus } from '../domain/export-clearance.ts';
import { viewerFacts } from '../domain/viewer-facts.ts';
import { classify, recordScreening } from '../domain/export-control.ts';
import { DAY_MS } from '~/shared/days.ts';

const DEMO_META = { ip: null, userAgent: 'demo data (npm run db:seed)' };

const NO: Omit<ExportScreening, 'knownClassification' | 'eccn'> = {
  hydrogenIsotopeSeparation: false,
  tritium: false,
  enrichment: false,
  reactorComponents: false,
  militaryOrSpace: false,
};

interface DemoClassification {
  jurisdiction: Jurisdiction;
  classification: string;
  controlled: boolean;
  basis: ClassificationBasis;
  note: string | null;
  /** Recorded this many days after the prototype was submitted. */
  afterDays: number;
}

/** By prototype name (demo-data.ts's catalogue): the seller's answers and the officers' classifications, oldest first. */
const RECORDS: Record<string, { screening: ExportScreening; classifications?: DemoClassification[] }> = {
  'Tritium Breeding Blanket Module': { screening: { ...NO, tritium: true, knownClassification: 'unknown', eccn: null } },
  'Muon-Catalysed Fusion Cell': {
    screening: { ...NO, hydrogenIsotopeSeparation: true, tritium: true, knownClassification: 'unknown', eccn: null },
    classifications: [
      {
        jurisdiction: 'ear',
        classification: '1E201',
        controlled: true,
        basis: 'self',
        note: 'Deuterium-tritium handling technology: treated as controlled until counsel confirms.',
        afterDays: 1,
      },
      {
        jurisdiction: 'ear',
        classification: '1E201',
        controlled: true,
        basis: 'counsel',
        note: 'Export counsel confirmed 1E201 (memo of the week of submission).',
        afterDays: 4,
      },
    ],
  },
  'Molten Salt Micro-Reactor Loop': {
    screening: { ...NO, reactorComponents: true, knownClassification: 'part810', eccn: null },
    classifications: [
      {
        jurisdiction: 'part810',
        classification: 'part810',
        controlled: true,
        basis: 'doe',
        note: 'Reactor technology assistance under 10 CFR Part 810; DOE determination on file.',
        afterDays: 3,
      },
    ],
  },
  'Perovskite Tandem Cell v3': { screening: { ...NO, knownClassification: 'ear99', eccn: null } },
  'Solid-State Grid Battery Cell': {
    screening: { ...NO, knownClassification: 'unknown', eccn: null },
    classifications: [
      { jurisdiction: 'ear', classification: 'EAR99', controlled: false, basis: 'self', note: 'Commercial grid storage cell: EAR99.', afterDays: 2 },
    ],
  },
};

/** A few listed parties as the Consolidated Screening List publishes them; the second's alternate name is Sofia Lindqvist's, accented and reordered. */
export const DEMO_SCREENING_LIST = [
  'name,alt_names,addresses,countries,source',
  '"Orbital Isotope Supply Ltd","Orbital Isotopes","12 Harbour Road, Port Example",XX,Entity List (EL) - Bureau of Industry and Security',
  '"Nordic Heavy Water Trading","Lindqvist, Sofía; NHWT","Industrivägen 4, Exampleby",SE,Unverified List (UVL) - Bureau of Industry and Security',
  '"Centrifuge Components General Trading","CCGT","PO Box 77, Example City",YY,Nonproliferation Sanctions (ISN) - State Department',
  '',
].join('\r\n');

export async function seedComplianceDemo(
  db: Db,
  input: { officerId: string; reviewerId: string; reviewerEmail: string; sellerIds: string[]; listedSellerId: string; now: Date },
) {
  const { officerId, reviewerId, reviewerEmail, sellerIds, listedSellerId, now } = input;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const prototypes = await db.prototype.findMany({
    where: { sellerId: { in: sellerIds }, prototypeName: { in: Object.keys(RECORDS) } },
    select: { id: true, prototypeName: true, sellerId: true, createdAt: true },
  });
  for (const prototype of prototypes) {
    const record = RECORDS[prototype.prototypeName]!;
    await db.$transaction((tx) => recordScreening(tx, prototype.id, prototype.sellerId, record.screening, prototype.createdAt));
    for (const c of record.classifications ?? []) {
      const { afterDays, ...classification } = c;
      const recordedAt = new Date(Math.min(prototype.createdAt.getTime() + afterDays * DAY_MS, now.getTime()));
      await classify({ db, meta: DEMO_META, actorId: officerId, now: recordedAt }, prototype.id, classification);
    }
  }

  await seedClearanceDemo(db, { officerId, reviewerId, reviewerEmail, prototypes, ago });

  // The list an officer imported stays in force: the demo's is imported only on a database that has
  // none yet (or has the demo's, which is not imported twice). Then the seller is screened, as at registration.
  const newest = await db.screeningListImport.findFirst({ orderBy: { id: 'desc' }, select: { sha256: true } });
  const demoSha = createHash('sha256').update(DEMO_SCREENING_LIST).digest('hex');
  if (!newest) await importScreeningList({ db, meta: DEMO_META, actorId: officerId, now: ago(7) }, DEMO_SCREENING_LIST);
  if (!newest || newest.sha256 === demoSha) await screenUser(db, listedSellerId, 'registration', ago(1));
}

async function seedClearanceDemo(
  db: Db,
  input: { officerId: string; reviewerId: string; reviewerEmail: string; prototypes: { id: number; prototypeName: string }[]; ago: (days: number) => Date },
) {
  const { officerId, reviewerId, reviewerEmail, prototypes, ago } = input;
  const idOf = (name: string) => prototypes.find((p) => p.prototypeName === name)?.id;
  const muon = idOf('Muon-Catalysed Fusion Cell');
  const reactor = idOf('Molten Salt Micro-Reactor Loop');
  if (muon === undefined || reactor === undefined) return;
  // Release records name people by id and e-mail and outlive them (ADR 0051); the previous run's
  // demo reviewer is gone, so her rows go with her and a second run does not add to them.
  await db.exportRelease.deleteMany({ where: { userEmail: reviewerEmail } });
  const as = (days: number) => ({ db, meta: DEMO_META, actorId: officerId, now: ago(days) });
  await setExportStatus(as(10), reviewerId, { status: 'foreign_person', citizenships: ['SE'], note: 'Swedish citizen; visiting reviewer (passport seen).' });
  await addAuthorization(as(9), reviewerId, {
    prototypeId: muon,
    reference: 'D654321',
    expiresAt: ago(-20),
    note: 'BIS deemed-export licence for the visiting reviewer; renewal requested.',
  });
  // What she opened (the muon cell's confidential fields, on her authorization) and was refused (the
  // reactor loop, for which she holds none), as the data room's gate records them.
  const viewer = { id: reviewerId, role: 'admin' };
  for (const [days, ids] of [
    [8, [muon]],
    [2, [muon, reactor]],
  ] as const) {
    const denials = await exportClearanceCheck(viewerFacts(db, viewer, ago(days)), ids, DEFAULT_DATA_ROOM_POLICY);
    await recordExportDecisions(db, reviewerId, ids, denials, { channel: 'fields' }, ago(days));
  }
}
