import { Suspense, lazy } from 'react';
import { Hero } from './hero.tsx';
import { MarketingPage } from './marketing-page.tsx';

// The hero paints with the route; the sections below the fold arrive in their own chunk right after, so
// the first load parses and renders less. The placeholder keeps the footer out of view meanwhile (no shift).
const HomeSections = lazy(() => import('./home-sections.tsx'));

export function HomePage() {
  return (
    <MarketingPage>
      <Hero />
      <Suspense fallback={<div className="min-h-screen" />}>
        <HomeSections />
      </Suspense>
    </MarketingPage>
  );
}
