// Demo export control (issue 32; ADR 0050): a prototype in every compliance state and a screening hit
// to decide. Through the domain's own functions (recordScreening, classify, importScreeningList,
// screenUser), written as the site's first administrator (who holds compliance.manage) would:
// - unscreened: the catalogue's prototypes not named below;
// - hold: the tritium blanket (tritium answered yes, classification unknown);
// - controlled: the muon-catalysed cell (1E201: the seller's own reading, then counsel's, so it has a
//   history) and the molten-salt loop (Part 810, on a DOE determination);
// - not controlled: the perovskite cell on the seller's word (EAR99, every answer no) and the grid
//   battery, classified EAR99 by an officer after the seller did not know;
// - an open hit: a listed party whose alternate name is a demo seller's.
import { createHash } from 'node:crypto';
import type { ExportScreening } from '~/shared/schemas/export-control.ts';
import type { ClassificationBasis, Jurisdiction } from '~/shared/export-control.ts';
import type { Db } from '../db/index.ts';
import { importScreeningList, screenUser } from '../domain/denied-party-screening.ts';
import { classify, recordScreening } from '../domain/export-control.ts';

const DAY_MS = 86_400_000;
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

export async function seedComplianceDemo(db: Db, input: { officerId: string; sellerIds: string[]; listedSellerId: string; now: Date }) {
  const { officerId, sellerIds, listedSellerId, now } = input;
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

  // The list an officer imported stays in force: the demo's is imported only on a database that has
  // none yet (or has the demo's, which is not imported twice). Then the seller is screened, as at registration.
  const newest = await db.screeningListImport.findFirst({ orderBy: { id: 'desc' }, select: { sha256: true } });
  const demoSha = createHash('sha256').update(DEMO_SCREENING_LIST).digest('hex');
  if (!newest) await importScreeningList({ db, meta: DEMO_META, actorId: officerId, now: new Date(now.getTime() - 7 * DAY_MS) }, DEMO_SCREENING_LIST);
  if (!newest || newest.sha256 === demoSha) await screenUser(db, listedSellerId, 'registration', new Date(now.getTime() - DAY_MS));
}
