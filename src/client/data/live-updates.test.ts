// The tab's side of live updates: what each event makes stale, the catch-up after a reconnection,
// and what a stream that ends does next. A test link stands in for the server-sent event stream.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink, createTRPCClient } from '@trpc/client';
import { observable, type Observer } from '@trpc/server/observable';
import type { AppRouter } from '~/server/routers/_app.ts';
import { createQueryUtils } from '~/client/trpc.ts';
import { createLiveUpdates } from './live-updates.ts';

type StreamObserver = Observer<{ result: { type?: string; data?: unknown } }, TRPCClientError<AppRouter>>;

function setUp() {
  const streams: StreamObserver[] = [];
  const link: TRPCLink<AppRouter> = () => ({ op }) =>
    observable((observer) => {
      if (op.type === 'subscription') streams.push(observer as unknown as StreamObserver);
      else {
        observer.next({ result: { type: 'data', data: null } });
        observer.complete();
      }
      return () => {};
    });
  const client = createTRPCClient<AppRouter>({ links: [link] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const utils = createQueryUtils(queryClient, client);
  // What a seller's and an admin's screens have read.
  utils.prototypes.dashboard.setData(undefined, { prototypes: [], transactions: [], summary: { totalPrototypes: 0, activePrototypes: 0, quotedPrototypes: 0, revenue: '0.00' } });
  utils.admin.counters.setData(undefined, {} as never);
  utils.notifications.unreadCount.setData(undefined, 2);
  utils.messages.list.setData(undefined, []);
  utils.support.mine.setData(undefined, []);
  utils.auth.me.setData(undefined, null);
  const stale = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => (query.queryKey[0] as string[]).join('.'))
      .sort();
  const live = createLiveUpdates(client, utils, queryClient);
  return { live, streams, stale };
}

const unauthorized = () => new TRPCClientError<AppRouter>('Unauthorized', { result: { error: { code: -32001, message: 'Unauthorized', data: { httpStatus: 401 } } } as never });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('live updates in the tab', () => {
  it('opens one stream per signed-in user, none for a guest, and closes it on sign-out', () => {
    const { live, streams } = setUp();
    live.follow(null);
    expect(streams).toHaveLength(0);
    live.follow('amara');
    live.follow('amara');
    expect(streams).toHaveLength(1);
    live.follow('kenji');
    expect(streams).toHaveLength(2);
  });

  it('makes stale what an event names, gathering events that arrive together', async () => {
    const { live, streams, stale } = setUp();
    live.follow('amara');
    streams[0]!.next({ result: { type: 'started' } });
    streams[0]!.next({ result: { data: { topic: 'prototype', id: 4 } } });
    streams[0]!.next({ result: { data: { topic: 'notifications' } } });
    expect(stale()).toEqual([]); // gathered first
    await vi.advanceTimersByTimeAsync(50);
    expect(stale()).toEqual(['admin.counters', 'notifications.unreadCount', 'prototypes.dashboard']);
  });

  it('after a reconnection refetches everything shown, since events may have been missed', async () => {
    const { live, streams, stale } = setUp();
    live.follow('amara');
    streams[0]!.next({ result: { type: 'started' } });
    await vi.advanceTimersByTimeAsync(50);
    expect(stale()).toEqual([]);
    streams[0]!.next({ result: { type: 'started' } });
    await vi.advanceTimersByTimeAsync(50);
    expect(stale()).toEqual(['admin.counters', 'auth.me', 'messages.list', 'notifications.unreadCount', 'prototypes.dashboard', 'support.mine']);
  });

  it('on 401 reads everything again (who is signed in first) and, while still signed in, opens a new stream after a pause', async () => {
    const { live, streams, stale } = setUp();
    live.follow('amara');
    streams[0]!.error(unauthorized());
    await vi.advanceTimersByTimeAsync(50);
    expect(stale()).toContain('auth.me');
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(streams).toHaveLength(2);
    // Signed out meanwhile: no new stream.
    streams[1]!.error(unauthorized());
    live.follow(null);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(streams).toHaveLength(2);
  });

  it('backs off between failed attempts, up to 30 s', async () => {
    const { live, streams } = setUp();
    live.follow('amara');
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const before = streams.length;
      streams.at(-1)!.error(new TRPCClientError('network down'));
      let waited = 0;
      while (streams.length === before) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });
});
