// One tab's live stream: the events its user may see, in order, until the tab goes away, its session
// ends (checked again whenever one of the user's sessions is deleted or their role changes, and when
// it would expire) or the instance stops. Whether it hears the admins' events follows the session's
// user as of the last check, not as of the opening. Events wait in a short queue; a tab too slow to
// take them gets one `resync`.
import { type LiveEvent, sameLiveEvent } from '~/shared/live-events.ts';
import type { LiveHub } from './hub.ts';

/** Why a stream ended from the server's side. */
export class LiveStreamEnded extends Error {
  constructor(readonly reason: 'session_ended' | 'shutdown') {
    super(reason === 'session_ended' ? 'Your session has ended' : 'The server is restarting');
  }
}

/** What a check of the session finds while it lives. */
export interface LiveSessionState {
  /** When it expires unless renewed. */
  expiresAt: Date;
  /** Whether its user now acts as an admin (the role, and two-factor enrolment where required). */
  isAdmin: boolean;
}

export interface LiveStreamOptions {
  hub: LiveHub;
  user: { id: string; isAdmin: boolean };
  /** When the session expires unless renewed. */
  expiresAt: Date;
  /** The session's state now, or null once it has ended (signed out, banned, suspended, expired). */
  checkSession(): Promise<LiveSessionState | null>;
  /** The tab went away. */
  signal?: AbortSignal | undefined;
  now?: () => number;
}

/** A ping keeps proxies from closing a quiet stream (nginx's default read timeout is 60 s). */
export const LIVE_PING_MS = 20_000;
/** A tab that hears nothing for this long reconnects (a laptop that slept, a proxy that dropped it). */
export const LIVE_RECONNECT_AFTER_INACTIVITY_MS = LIVE_PING_MS * 2 + 5_000;

const MAX_QUEUED = 50;
/** setTimeout's longest delay; a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Joins the hub at once (so nothing published after this call is missed, even before the first
 * event is read) and returns the stream's events.
 */
export function liveStream({ hub, user, expiresAt, checkSession, signal, now = Date.now }: LiveStreamOptions): AsyncGenerator<LiveEvent> {
  let queue: LiveEvent[] = [];
  let ended: LiveStreamEnded | null = null;
  let isAdmin = user.isAdmin;
  let left = false;
  let wake: (() => void) | null = null;
  const rouse = () => {
    wake?.();
    wake = null;
  };
  const end = (reason: LiveStreamEnded['reason']) => {
    ended ??= new LiveStreamEnded(reason);
    rouse();
  };

  let expiryTimer: NodeJS.Timeout | null = null;
  let checking = false;
  let checkAgain = false;
  const armExpiry = (at: Date) => {
    if (expiryTimer) clearTimeout(expiryTimer);
    expiryTimer = setTimeout(() => void check(), Math.min(Math.max(at.getTime() - now(), 0) + 1, MAX_TIMER_MS));
    expiryTimer.unref();
  };
  // One check at a time; a request during a check runs once more after it.
  const check = async () => {
    if (checking) {
      checkAgain = true;
      return;
    }
    checking = true;
    try {
      do {
        checkAgain = false;
        const current = await checkSession().catch(() => undefined); // the database is away: keep going, check at the next event
        if (current === null) return end('session_ended');
        // A stream that has left the hub meanwhile (the tab went away) stays gone.
        if (current && !left) {
          armExpiry(current.expiresAt);
          if (current.isAdmin !== isAdmin && !ended) rejoin(current.isAdmin);
        }
      } while (checkAgain && !ended);
    } finally {
      checking = false;
    }
  };

  const deliver = (event: LiveEvent) => {
    if (ended || queue.some((queued) => sameLiveEvent(queued, event))) return;
    queue = queue.length >= MAX_QUEUED ? [{ topic: 'resync' }] : [...queue, event];
    rouse();
  };
  const join = () => hub.add({ userId: user.id, isAdmin, deliver, sessionsEnded: () => void check(), shutdown: () => end('shutdown') });
  let remove = join();
  // Became an admin, or stopped being one: the hub files the stream anew, and the tab reads again
  // what it shows (what it may see has changed).
  const rejoin = (nowAdmin: boolean) => {
    remove();
    isAdmin = nowAdmin;
    remove = join();
    deliver({ topic: 'resync' });
  };
  const leave = () => {
    left = true;
    remove();
    signal?.removeEventListener('abort', onAbort);
    if (expiryTimer) clearTimeout(expiryTimer);
  };
  // The tab went away: leave the hub now, even if nobody is reading.
  const onAbort = () => {
    leave();
    rouse();
  };
  signal?.addEventListener('abort', onAbort);
  armExpiry(expiresAt);

  return (async function* () {
    try {
      for (;;) {
        if (signal?.aborted) return;
        if (ended) throw ended;
        const next = queue.shift();
        if (next) {
          yield next;
          continue;
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      leave();
    }
  })();
}
