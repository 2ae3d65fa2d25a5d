// The app as both the browser (main.tsx) and the server's pre-renderer (prerender.tsx) build it.
import { type RouterHistory, RouterProvider, createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { NotFound } from '~/components/not-found.tsx';
import { RouteError } from '~/components/route-error.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { routeTree } from '~/routeTree.gen.ts';
import { loadApi } from './data/load.ts';
import { parseSearchValue } from './search-params.ts';

export function createApp(history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { api: loadApi },
    defaultPreload: 'intent',
    // Loaders read the (never stale) query cache, so the router's own cache would only duplicate it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: () => <Spinner label="Loading page" className="py-24" />,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    // Numbers in the address stay text (see parseSearchValue); what the app writes reads back the same.
    parseSearch: parseSearchWith(parseSearchValue),
    stringifySearch: stringifySearchWith(JSON.stringify, parseSearchValue),
  });
  function App() {
    return <RouterProvider router={router} />;
  }
  return { router, App };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createApp>['router'];
  }
}
