// Keeps what a signed-in tab shows up to date without polling (issue 16, ADR 0020): one server-sent
// event stream per tab (`live.events`), whose events name what changed; the matching queries are
// invalidated, so the ones on screen refetch and the rest read afresh when next shown.
import type { QueryClient } from '@tanstack/react-query';
import type { Unsubscribable } from '@trpc/server/observable';
import type { LiveEvent, LiveTopic } from '~/shared/live-events.ts';
import type { TrpcQueryUtils, createTrpcClient } from '~/client/trpc.ts';

/** What each topic makes stale. A prototype's change shows on many screens of both sides. */
function staleFor(topic: LiveTopic, utils: TrpcQueryUtils, queryClient: QueryClient): Promise<unknown>[] {
  switch (topic) {
    case 'notifications':
      // Warnings, suspensions, appeal outcomes and permission changes always come with a notification.
      return [
        utils.notifications.unreadCount.invalidate(),
        utils.notifications.list.invalidate(),
        utils.moderation.invalidate(),
        utils.permissions.mine.invalidate(),
      ];
    case 'messages':
      return [utils.messages.invalidate()];
    case 'prototype':
      return [
        utils.prototypes.invalidate(),
        utils.infoRequests.invalidate(),
        utils.documentAccess.invalidate(),
        utils.payouts.invalidate(),
        utils.ledger.invalidate(),
        utils.admin.invalidate(),
        utils.pipeline.invalidate(),
        utils.evaluation.invalidate(),
      ];
    case 'bulk':
      return [utils.notifications.bulkList.invalidate()];
    case 'ticket':
      return [utils.support.invalidate()];
    case 'document-access':
      return [utils.documentAccess.invalidate()];
    case 'resync':
      return [queryClient.invalidateQueries()];
  }
}

/** Events that arrive together (one change often publishes two or three) refetch once. */
const GATHER_MS = 30;
const RETRY_MS = { first: 1_000, max: 30_000 };

export interface LiveUpdates {
  /** The signed-in user (null: none): a new user opens a new stream, none closes it. */
  follow(userId: string | null): void;
}

export function createLiveUpdates(client: ReturnType<typeof createTrpcClient>, utils: TrpcQueryUtils, queryClient: QueryClient): LiveUpdates {
  let following: string | null = null;
  let subscription: Unsubscribable | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryMs = RETRY_MS.first;

  const gathered = new Set<LiveTopic>();
  let gatherTimer: ReturnType<typeof setTimeout> | null = null;
  const refresh = (event: LiveEvent) => {
    gathered.add(event.topic);
    gatherTimer ??= setTimeout(() => {
      gatherTimer = null;
      const topics = gathered.has('resync') ? (['resync'] as const) : [...gathered];
      gathered.clear();
      for (const topic of topics) void Promise.all(staleFor(topic, utils, queryClient)).catch(() => {});
    }, GATHER_MS);
  };

  const stop = () => {
    subscription?.unsubscribe();
    subscription = null;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  };

  const start = (userId: string) => {
    let started = false;
    subscription = client.live.events.subscribe(undefined, {
      onStarted() {
        retryMs = RETRY_MS.first;
        // A second start is a reconnection: whatever happened meanwhile was not heard.
        if (started) refresh({ topic: 'resync' });
        started = true;
      },
      onData: refresh,
      onError(error) {
        subscription = null;
        // Ended with 401 (signed out elsewhere, banned, suspended): everything shown is read again, who
        // is signed in first; private screens then answer as they do to a signed-out visitor, and
        // follow(null) ends the retries. Lost otherwise, or refused before it started (a real 401, 429
        // or 503 status, which the browser reports only as a failed connection): a new stream after a
        // pause, whose resync asks again who is signed in.
        if (error.data?.httpStatus === 401) refresh({ topic: 'resync' });
        retryTimer = setTimeout(() => {
          retryTimer = null;
          if (following === userId && !subscription) {
            start(userId);
            refresh({ topic: 'resync' });
          }
        }, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MS.max);
      },
    });
  };

  return {
    follow(userId) {
      if (userId === following) return;
      following = userId;
      stop();
      retryMs = RETRY_MS.first;
      if (userId) start(userId);
    },
  };
}
