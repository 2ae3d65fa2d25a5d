// One live hub per instance (ADR 0020): it LISTENs on the live channel and hands each event to the
// open streams allowed to see it, indexed by user and by role so that an event costs a lookup, not a
// scan. It keeps nothing but the open streams: what changed lives in the database.
import pg from 'pg';
import { type LiveEvent, isLiveEvent } from '~/shared/live-events.ts';
import type { Database } from '../db/index.ts';
import type { Logger } from '../http/request-log.ts';
import { LIVE_CHANNEL, type LiveWire } from './publish.ts';

/** One open stream, as the hub sees it. */
export interface LiveSubscriber {
  userId: string;
  isAdmin: boolean;
  /** An event this subscriber may see. */
  deliver(event: LiveEvent): void;
  /** Some session of this user ended, or their role or two-factor enrolment changed: the stream checks its own session. */
  sessionsEnded(): void;
  /** The instance is stopping: the stream ends so that its tab reconnects elsewhere. */
  shutdown(): void;
}

export interface LiveHub {
  /** Adds a stream; the returned function removes it. */
  add(subscriber: LiveSubscriber): () => void;
  /** Open streams on this instance. */
  readonly size: number;
  /** Open streams of one user on this instance. */
  streamsOf(userId: string): number;
  /** Hands one channel message to the streams it concerns (what the listener does with each NOTIFY). */
  dispatch(wire: LiveWire): void;
  /** Ends every stream and stops listening. */
  close(): Promise<void>;
}

/** A channel payload, or null when it is not one of ours (never thrown: a bad payload must not stop the listener). */
export function parseLiveWire(payload: string | undefined): LiveWire | null {
  let value: unknown;
  try {
    value = JSON.parse(payload ?? '');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const wire = value as Record<string, unknown>;
  const isIdList = (ids: unknown): ids is string[] => Array.isArray(ids) && ids.every((id) => typeof id === 'string');
  if ('ended' in wire) return isIdList(wire.ended) ? { ended: wire.ended } : null;
  if (!isLiveEvent(wire.e) || (wire.u !== undefined && !isIdList(wire.u))) return null;
  return { e: wire.e, ...(wire.u ? { u: wire.u as string[] } : {}), ...(wire.a === 1 ? { a: 1 as const } : {}) };
}

/** The in-process part: streams by user and the admins among them. */
export function createLiveHub(onClose: () => Promise<void> = async () => {}): LiveHub {
  const byUser = new Map<string, Set<LiveSubscriber>>();
  const admins = new Set<LiveSubscriber>();
  let size = 0;
  let closed = false;

  const everyone = function* () {
    for (const subscribers of byUser.values()) yield* subscribers;
  };

  return {
    get size() {
      return size;
    },
    streamsOf: (userId) => byUser.get(userId)?.size ?? 0,
    add(subscriber) {
      if (closed) {
        queueMicrotask(() => subscriber.shutdown());
        return () => {};
      }
      let own = byUser.get(subscriber.userId);
      if (!own) byUser.set(subscriber.userId, (own = new Set()));
      own.add(subscriber);
      if (subscriber.isAdmin) admins.add(subscriber);
      size++;
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        size--;
        admins.delete(subscriber);
        own.delete(subscriber);
        if (own.size === 0 && byUser.get(subscriber.userId) === own) byUser.delete(subscriber.userId);
      };
    },
    dispatch(wire) {
      if ('ended' in wire) {
        for (const userId of wire.ended) for (const subscriber of byUser.get(userId) ?? []) subscriber.sessionsEnded();
        return;
      }
      if (wire.e.topic === 'resync') {
        for (const subscriber of [...everyone()]) subscriber.deliver(wire.e);
        return;
      }
      const users = new Set(wire.u ?? []);
      for (const userId of users) for (const subscriber of byUser.get(userId) ?? []) subscriber.deliver(wire.e);
      if (wire.a) for (const subscriber of admins) if (!users.has(subscriber.userId)) subscriber.deliver(wire.e);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const subscriber of [...everyone()]) subscriber.shutdown();
      await onClose();
    },
  };
}

const RECONNECT_MS = { first: 500, max: 30_000 };

/**
 * The hub of a running instance: a connection of its own LISTENs on the channel (reconnecting with
 * backoff; after a gap every stream is told to resync), and NOTIFYs that come back on the pool's
 * connections (PGlite) are heard too. Resolves once the first attempt to listen has been made.
 */
export async function startLiveHub(database: Pick<Database, 'pool' | 'onNotification'>, log: Logger): Promise<LiveHub> {
  let listener: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let stopped = false;
  let delay = RECONNECT_MS.first;
  let everConnected = false;

  const hub = createLiveHub(async () => {
    stopped = true;
    stopTap();
    if (retryTimer) clearTimeout(retryTimer);
    await listener?.end().catch(() => {});
  });
  const hear = (notification: pg.Notification) => {
    if (notification.channel !== LIVE_CHANNEL) return;
    const wire = parseLiveWire(notification.payload);
    if (wire) hub.dispatch(wire);
  };
  const stopTap = database.onNotification(hear);

  const connect = async () => {
    retryTimer = null;
    if (stopped) return;
    const client = new pg.Client(database.pool.options);
    listener = client;
    let lost = false;
    const onLost = (reason: string) => {
      if (lost || stopped) return;
      lost = true;
      log({ level: 'warn', msg: `live listener lost: ${reason}; reconnecting` });
      client.end().catch(() => {});
      retryTimer = setTimeout(() => void connect(), delay);
      retryTimer.unref();
      delay = Math.min(delay * 2, RECONNECT_MS.max);
    };
    client.on('error', (error) => onLost(error.message));
    client.on('end', () => onLost('connection ended'));
    client.on('notification', hear);
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      onLost((error as Error).message);
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    delay = RECONNECT_MS.first;
    // Whatever was published while nobody listened is lost: every open tab refetches what it shows.
    if (everConnected) hub.dispatch({ e: { topic: 'resync' } });
    everConnected = true;
  };
  // The first attempt is awaited (a failed one goes on retrying in the background).
  await connect();
  return hub;
}
