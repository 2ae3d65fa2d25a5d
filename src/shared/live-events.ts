// What the live stream (tRPC subscription `live.events`, ADR 0020) tells a signed-in tab: which data
// changed, never the data itself. The tab refetches what it shows through the ordinary queries, which
// apply their own ownership and role rules.

export const LIVE_TOPICS = [
  /** The user's notifications changed (one arrived, or was read in another tab): the bell. */
  'notifications',
  /** A conversation the user takes part in (admins: any) changed, or a contact message arrived (admins). */
  'messages',
  /** A prototype the user may see changed: status, stage, quote, information request, evaluation, documents. */
  'prototype',
  /** A bulk notification's delivery moved on (admins). */
  'bulk',
  /** A support ticket the user may see changed: a reply, its status. */
  'ticket',
  /** Someone from the team opened a document of the seller's prototype: its seller alone hears it. */
  'document-access',
  /** Events may have been missed (the server's own listener reconnected): refetch everything shown. */
  'resync',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export type LiveEvent =
  | { topic: 'notifications' | 'messages' | 'bulk' | 'resync' }
  | { topic: 'prototype'; id: number }
  | { topic: 'ticket'; id: number }
  | { topic: 'document-access'; id: number };

/** Topics whose events name a record (a prototype's or a ticket's id). */
const TOPICS_WITH_ID: readonly LiveTopic[] = ['prototype', 'ticket', 'document-access'];

export function isLiveEvent(value: unknown): value is LiveEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { topic, id } = value as { topic?: unknown; id?: unknown };
  if (!(LIVE_TOPICS as readonly unknown[]).includes(topic)) return false;
  return TOPICS_WITH_ID.includes(topic as LiveTopic) ? Number.isSafeInteger(id) : id === undefined;
}

/** Same topic and id: a second copy waiting in a queue adds nothing. */
export function sameLiveEvent(a: LiveEvent, b: LiveEvent): boolean {
  return a.topic === b.topic && ('id' in a ? a.id : null) === ('id' in b ? b.id : null);
}
