import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routeTree } from '~/routeTree.gen.ts';
import { RouteError } from '~/components/route-error.tsx';
import { NotFound } from '~/components/not-found.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { createQueryClient, createQueryUtils, createTrpcClient, trpc } from './trpc.ts';
import './styles.css';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const router = createRouter({
  routeTree,
  context: { queryClient, trpc: createQueryUtils(queryClient, trpcClient) },
  defaultPreload: 'intent',
  // Loaders read the (never stale) query cache, so the router's own cache would only duplicate it.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultPendingComponent: () => <Spinner label="Loading page" className="py-24" />,
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: NotFound,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
