// The data layer: tRPC client, React Query cache and their providers, one instance per browser tab.
// Loaded on demand (src/client/data/load.ts): marketing pages seen by guests do without it.
import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { setCurrentUser } from '~/client/auth/current-user.ts';
import { createQueryClient, createQueryUtils, createTrpcClient, trpc } from '~/client/trpc.ts';
import { createLiveUpdates } from './live-updates.ts';

const queryClient = createQueryClient();
export const trpcClient = createTrpcClient();
export const utils = createQueryUtils(queryClient, trpcClient);

/** What screens that use tRPC hooks render inside. */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}

// `auth.me` drives the current-user store and the live stream (one per tab while signed in); while a
// new answer is on its way the last one stays (no spinner flash in the navbar on a refetch).
if (typeof window !== 'undefined') {
  const live = createLiveUpdates(trpcClient, utils, queryClient);
  const me = new QueryObserver(queryClient, utils.auth.me.queryOptions(undefined));
  me.subscribe((result) => {
    if (result.isPending && result.fetchStatus === 'fetching') return;
    setCurrentUser({ user: result.data ?? null, isLoading: false, isError: result.isError });
    // A failed answer says nothing about who is signed in: the stream stays as it is.
    if (!result.isError) live.follow(result.data?.id ?? null);
  });
}
