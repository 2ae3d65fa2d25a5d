import type { QueryClient } from '@tanstack/react-query';
import { HeadContent, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { TrpcQueryUtils } from '~/client/trpc.ts';
import { Footer } from '~/components/layout/footer.tsx';
import { Navbar } from '~/components/layout/navbar.tsx';
import { NotFound } from '~/components/not-found.tsx';
import { Toaster } from '~/components/toast/toaster.tsx';
import { pageHead } from '~/client/page-head.ts';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: TrpcQueryUtils;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () =>
    pageHead(
      'Atomix Energy',
      'Atomix Energy acquires and develops breakthrough clean-energy prototypes from inventors and research institutions.',
    ),
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  // The page is live (pre-rendered HTML hydrated, or rendered by the app): a signal for tests and
  // tools that must not act on the inert server HTML.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <HeadContent />
      <a href="#main" className="btn btn-primary btn-sm fixed left-2 top-2 z-[100] -translate-y-20 focus:translate-y-0">
        Skip to content
      </a>
      <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
        <Navbar />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
        </main>
        <Footer />
      </div>
      <Toaster />
    </>
  );
}
