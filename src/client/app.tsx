// The app as both the browser (main.tsx) and the server's pre-renderer (prerender.tsx) build it.
import { QueryClientProvider } from '@tanstack/react-query';
import { type RouterHistory, RouterProvider, createRouter } from '@tanstack/react-router';
import { NotFound } from '~/components/not-found.tsx';
import { RouteError } from '~/components/route-error.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { routeTree } from '~/routeTree.gen.ts';
import { createQueryClient, createQueryUtils, createTrpcClient, trpc } from './trpc.ts';

export function createApp(history?: RouterHistory) {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient, trpc: createQueryUtils(queryClient, trpcClient) },
    defaultPreload: 'intent',
    // Loaders read the (never stale) query cache, so the router's own cache would only duplicate it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: () => <Spinner label="Loading page" className="py-24" />,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
  });
  function App() {
    return (
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    );
  }
  return { router, App };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createApp>['router'];
  }
}
