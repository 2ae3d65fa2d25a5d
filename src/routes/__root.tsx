import { HeadContent, Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { DataBoundary } from '~/client/data/data-boundary.tsx';
import { loadDataLayer, usesData } from '~/client/data/load.ts';
import type { TrpcQueryUtils } from '~/client/trpc.ts';
import { Footer } from '~/components/layout/footer.tsx';
import { Navbar } from '~/components/layout/navbar.tsx';
import { NavigationProgress } from '~/components/layout/navigation-progress.tsx';
import { NotFound } from '~/components/not-found.tsx';
import { Toaster } from '~/components/toast/toaster.tsx';
import { pageHead } from '~/client/page-head.ts';

export interface RouterContext {
  /** The tRPC query utilities for loaders (the data layer loads on demand: src/client/data/load.ts). */
  api: () => Promise<TrpcQueryUtils>;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => pageHead('Atomix Energy', 'Atomix Energy acquires and develops breakthrough clean-energy prototypes from inventors and research institutions.'),
  // Pages that use data have the data layer before they render (no spinner inside DataBoundary).
  beforeLoad: async ({ location }) => {
    if (usesData(location.pathname)) await loadDataLayer();
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const renderedPath = useRouterState({ select: (s) => s.matches[s.matches.length - 1]?.pathname ?? '/' });
  // The page is live (pre-rendered HTML hydrated, or rendered by the app): a signal for tests and
  // tools that must not act on the inert server HTML.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <HeadContent />
      <NavigationProgress />
      <a href="#main" className="btn btn-primary btn-sm fixed left-2 top-2 z-[100] -translate-y-20 focus:translate-y-0">
        Skip to content
      </a>
      <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
        <Navbar />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {usesData(renderedPath) ? (
            <DataBoundary>
              <Outlet />
            </DataBoundary>
          ) : (
            <Outlet />
          )}
        </main>
        <Footer />
      </div>
      <Toaster />
    </>
  );
}
