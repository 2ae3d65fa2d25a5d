import { lazy } from 'react';
import { HydrateWhenVisible } from '~/components/hydrate-when-visible.tsx';
import { Hero } from './hero.tsx';
import { MarketingPage } from './marketing-page.tsx';

// The hero paints with the route; the sections below the fold are a chunk of their own. On the
// pre-rendered page they hydrate (and their code loads) when scrolled to; when the app renders the page
// itself, an empty screen-high block keeps the footer out of view while the chunk loads (no shift).
const HomeSections = lazy(() => import('./home-sections.tsx'));
const SECTIONS_LOADING = <div className="min-h-screen" />;

export function HomePage() {
  return (
    <MarketingPage>
      <Hero />
      <HydrateWhenVisible component={HomeSections} fallback={SECTIONS_LOADING} />
    </MarketingPage>
  );
}
