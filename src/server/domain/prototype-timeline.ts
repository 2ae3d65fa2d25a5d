// The prototype's history (prototype_timeline): every status change, quote, response and document,
// with who and when. Written inside the same transaction as the change it records.
import type { Prisma } from '~/generated/prisma/client.ts';
import type { TimelineEvent } from '~/shared/event-names.ts';
import { timelineSentence } from '~/shared/timeline-text.ts';

type Writer = Pick<Prisma.TransactionClient, 'prototypeTimeline'>;

export interface TimelineEntry {
  prototypeId: number;
  event: TimelineEvent;
  /** Only for events timelineSentence does not know; the known ones are described from their metadata. */
  description?: string | null;
  /** The acting user (null for the system). */
  performedBy: string | null;
  metadata?: Prisma.InputJsonValue;
}

export function recordTimelineEvent(tx: Writer, entry: TimelineEntry) {
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
