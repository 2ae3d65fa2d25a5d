// Live updates (issue 16, ADR 0020): one server-sent event stream per signed-in tab, carrying the
// names of what changed for this user (src/shared/live-events.ts). Events are filtered by the hub
// (live/hub.ts) on the same ownership and role rules as the queries; the tab refetches through them.
import type { LiveEvent } from '~/shared/live-events.ts';
import { currentSessionState } from '../auth/session.ts';
import { missingAdminAssurance } from '../auth/two-factor.ts';
import { RateLimitedError, UnauthorizedError, UnavailableError } from '../domain/errors.ts';
import { LiveStreamEnded, liveStream } from '../live/stream.ts';
import { protectedProcedure, router } from '../trpc.ts';

/** Open streams one account may hold on one instance. */
export const MAX_STREAMS_PER_USER = 20;
/** A refused stream's Retry-After (a place frees when one of the account's tabs closes), and an ended one's. */
const STREAM_RETRY_AFTER_SECONDS = 30;

export const liveRouter = router({
  /**
   * The tab's stream. Refused before it starts with a real HTTP status (app.ts): 401 signed out, 429
   * too many streams, 503 no live updates or no database. Once started it ends with a 401 frame when
   * the session ends (sign-out, ban, suspension, password reset, expiry) and a 503 frame when this
   * instance stops (the tab reconnects to another).
   */
  events: protectedProcedure.subscription(({ ctx, signal }) => {
    if (!ctx.live) throw new UnavailableError(STREAM_RETRY_AFTER_SECONDS, 'Live updates are not available');
    // A tab holds one stream; far more than anyone has tabs is a client gone wrong (or an attack on memory).
    if (ctx.live.streamsOf(ctx.user.id) >= MAX_STREAMS_PER_USER) {
      throw new RateLimitedError(STREAM_RETRY_AFTER_SECONDS, `Too many live streams: at most ${MAX_STREAMS_PER_USER} open at once per account`);
    }
    const { db, session, config, clock } = ctx;
    // Joined here, before the response starts: whatever is published from now on reaches this tab.
    const events = liveStream({
      hub: ctx.live,
      // An admin whose session lacks the second factor is a plain user here (protectedProcedure, ADR
      // 0038); each check of the session reads the role and the assurance again (ADR 0040).
      user: { id: ctx.user.id, isAdmin: ctx.user.role === 'admin' },
      expiresAt: session.expiresAt,
      checkSession: async () => {
        const state = await currentSessionState(db, session.id, config.sessionMaxDays, clock.now().getTime());
        return state && { expiresAt: state.expiresAt, isAdmin: state.user.role === 'admin' && !missingAdminAssurance(state.user, state, config) };
      },
      signal,
      now: () => clock.now().getTime(),
    });
    return withHttpErrors(events);
  }),
});

/**
 * The stream's own endings as the client reads them: 401 (session ended) or 503 (instance stopping).
 * Thrown after the stream started, so no procedure middleware sees them: the error formatter maps them (trpc.ts).
 */
async function* withHttpErrors(events: AsyncGenerator<LiveEvent>): AsyncGenerator<LiveEvent> {
  try {
    yield* events;
  } catch (error) {
    if (!(error instanceof LiveStreamEnded)) throw error;
    throw error.reason === 'session_ended'
      ? new UnauthorizedError('Unauthorized: your session has ended')
      : new UnavailableError(STREAM_RETRY_AFTER_SECONDS, error.message);
  }
}
