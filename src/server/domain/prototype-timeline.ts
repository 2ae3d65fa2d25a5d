// The prototype's history (prototype_timeline): every status change, quote, response and document,
// with who and when. Written inside the same transaction as the change it records, so it is also
// where a prototype's change is announced live to its seller and the admins (ADR 0020).
import type { Prisma } from '~/generated/prisma/client.ts';
import type { TimelineEvent } from '~/shared/event-names.ts';
import { timelineSentence } from '~/shared/timeline-text.ts';
import { publishPrototypeChange } from '../live/publish.ts';

type Writer = Pick<Prisma.TransactionClient, 'prototypeTimeline' | '$executeRaw'>;

export interface TimelineEntry {
  prototypeId: number;
  event: TimelineEvent;
  /** Only for events timelineSentence does not know; the known ones are described from their metadata. */
  description?: string | null;
  /** The acting user (null for the system). */
  performedBy: string | null;
  metadata?: Prisma.InputJsonValue;
}

export async function recordTimelineEvent(tx: Writer, entry: TimelineEntry) {
  await publishPrototypeChange(tx, entry.prototypeId);
  return tx.prototypeTimeline.create({
    data: {
      prototypeId: entry.prototypeId,
      event: entry.event,
      description: timelineSentence(entry),
      performedBy: entry.performedBy,
      metadata: entry.metadata ?? undefined,
    },
    select: { id: true },
  });
}
