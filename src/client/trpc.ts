// Typed tRPC hooks for React; the router type comes from the server, nothing else does.
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import { TRPC_MAX_BATCH_SIZE } from '~/shared/constants.ts';
import type { AppRouter } from '~/server/routers/_app.ts';
import type { inferRouterOutputs } from '@trpc/server';

/** What each procedure answers, as the client sees it (superjson keeps dates and decimals); declared only here. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const trpc = createTRPCReact<AppRouter>();

/** Data-fetching defaults of spec section 9: no retry, no refetch on focus, no polling, never stale. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      // The live stream (src/client/data/live-updates.ts) is a server-sent event stream; the rest is batched.
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({ url: '/trpc', transformer: superjson }),
        false: httpBatchLink({
          url: '/trpc',
          transformer: superjson,
          maxItems: TRPC_MAX_BATCH_SIZE,
          fetch: (url, options) => fetch(url, { ...options, credentials: 'same-origin' }),
        }),
      }),
    ],
  });
}

export function createQueryUtils(queryClient: QueryClient, client: ReturnType<typeof createTrpcClient>) {
  return createTRPCQueryUtils({ queryClient, client });
}
export type TrpcQueryUtils = ReturnType<typeof createQueryUtils>;
