// Publishing a live event (ADR 0020): a PostgreSQL NOTIFY on one channel, sent through the writer's
// own connection. Inside a transaction PostgreSQL holds it until COMMIT and drops it on ROLLBACK, so
// an event never announces a change that did not happen; every instance's hub (hub.ts) hears it.
import type { Prisma } from '~/generated/prisma/client.ts';
import type { LiveEvent } from '~/shared/live-events.ts';

export const LIVE_CHANNEL = 'atomix_live';

/** Who may hear an event: these users, and/or every administrator. */
export interface LiveAudience {
  users?: readonly string[];
  admins?: boolean;
}

/**
 * What travels on the channel. `u`/`a`: an event for these users and/or all admins. `ended`: the
 * sessions of these users were deleted, or their role or two-factor enrolment changed (written by
 * the triggers of migrations `live_session_events` and `live_user_standing`); their streams check
 * their session, and whether they hear the admins' events, again.
 */
export type LiveWire = { e: LiveEvent; u?: string[]; a?: 1 } | { ended: string[] };

type Writer = Pick<Prisma.TransactionClient, '$executeRaw'>;

/** NOTIFY payloads must stay under 8,000 bytes: user ids (36 characters) go 100 to a message. */
const USERS_PER_MESSAGE = 100;

export async function publishLive(tx: Writer, event: LiveEvent, audience: LiveAudience): Promise<void> {
  const users = [...new Set(audience.users ?? [])];
  const messages: LiveWire[] = [];
  for (let i = 0; i < users.length; i += USERS_PER_MESSAGE) messages.push({ e: event, u: users.slice(i, i + USERS_PER_MESSAGE) });
  if (audience.admins) {
    if (messages[0]) Object.assign(messages[0], { a: 1 });
    else messages.push({ e: event, a: 1 });
  }
  for (const message of messages) await tx.$executeRaw`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`;
}

/**
 * A prototype changed: every admin hears it, and its seller when the change is one they see
 * (domain/seller-visibility.ts decides). The seller is looked up in the same statement, so callers
 * need only the id.
 */
export async function publishPrototypeChange(tx: Writer, prototypeId: number, audience: { seller: boolean }): Promise<void> {
  if (!audience.seller) return publishLive(tx, { topic: 'prototype', id: prototypeId }, { admins: true });
  const event = JSON.stringify({ topic: 'prototype', id: prototypeId } satisfies LiveEvent);
  await tx.$executeRaw`
    SELECT pg_notify(${LIVE_CHANNEL}, json_build_object('e', ${event}::json, 'u', json_build_array(seller_id), 'a', 1)::text)
    FROM prototypes WHERE id = ${prototypeId}`;
}

/**
 * An admin opened a document of a prototype (issue 34, point 8): only the prototype's seller hears
 * it, for their access list. Not the admins: who opened what is the seller's to read, and an admin's
 * own screens show nothing of it.
 */
export async function publishDocumentAccess(tx: Writer, prototypeId: number): Promise<void> {
  const event = JSON.stringify({ topic: 'document-access', id: prototypeId } satisfies LiveEvent);
  await tx.$executeRaw`
    SELECT pg_notify(${LIVE_CHANNEL}, json_build_object('e', ${event}::json, 'u', json_build_array(seller_id))::text)
    FROM prototypes WHERE id = ${prototypeId}`;
}

/**
 * A conversation with the admin team changed (a message, a reply, read): the user's tabs and every
 * admin's (the inbox) hear it. Without a user (a contact-form message), the admins alone.
 */
export function publishConversationChange(tx: Writer, userId: string | null): Promise<void> {
  return publishLive(tx, { topic: 'messages' }, { users: userId ? [userId] : [], admins: true });
}
