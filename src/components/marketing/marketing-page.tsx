import type { ReactNode } from 'react';
import { ParticleBackground } from './particle-background.tsx';

/** Wrapper of every marketing page: its own stacking context with the particle layer behind the content. */
export function MarketingPage({ children }: { children: ReactNode }) {
  return (
    <div className="relative isolate">
      <ParticleBackground />
      {children}
    </div>
  );
}
