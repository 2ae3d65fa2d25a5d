// The prototype's history (prototype_timeline): every status change, quote, response and document,
// with who and when. Written inside the same transaction as the change it records, so it is also
// where a prototype's change is announced live (ADR 0020): to the admins, and to its seller when the
// event is one the seller sees (seller-visibility.ts).
import type { Prisma } from '~/generated/prisma/client.ts';
import type { TimelineEvent } from '~/shared/event-names.ts';
import { timelineSentence } from '~/shared/timeline-text.ts';
import { publishPrototypeChange } from '../live/publish.ts';
import { sellerRule, sellerSees } from './seller-visibility.ts';

type Writer = Pick<Prisma.TransactionClient, 'prototype' | 'prototypeTimeline' | '$executeRaw'>;

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
  await publishPrototypeChange(tx, entry.prototypeId, { seller: await sellerSeesNow(tx, entry) });
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

/** Whether the seller sees this event, recorded now: the prototype's status is read only when the rule depends on it. */
async function sellerSeesNow(tx: Writer, entry: TimelineEntry): Promise<boolean> {
  const rule = sellerRule(entry.event);
  if (rule === null || rule === 'always') return rule === 'always';
  const prototype = await tx.prototype.findUnique({ where: { id: entry.prototypeId }, select: { status: true } });
  return prototype !== null && sellerSees(entry.event, prototype.status);
}
