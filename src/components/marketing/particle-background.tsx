import { useState } from 'react';
import { useHydrated } from '~/client/use-hydrated.ts';
import { usePrefersReducedMotion } from '~/client/motion/use-prefers-reduced-motion.ts';

/** Spec section 9: 15 particles, random horizontal position, each rising over 15 to 25 seconds. */
export const PARTICLE_COUNT = 15;
export const PARTICLE_MIN_SECONDS = 15;
export const PARTICLE_MAX_SECONDS = 25;

interface Particle {
  left: number;
  top: number;
  size: number;
  seconds: number;
  delay: number;
  sway: number;
  tone: 'primary' | 'secondary' | 'accent';
}

const TONES = ['primary', 'secondary', 'accent'] as const;
const TONE_CLASS = { primary: 'bg-primary/40', secondary: 'bg-secondary/40', accent: 'bg-accent/50' } as const;

function makeParticles(): Particle[] {
  return Array.from({ length: PARTICLE_COUNT }, (_, i) => {
    const seconds = PARTICLE_MIN_SECONDS + Math.random() * (PARTICLE_MAX_SECONDS - PARTICLE_MIN_SECONDS);
    return {
      left: Math.random() * 100,
      top: Math.random() * 100,
      size: 3 + Math.random() * 5,
      seconds,
      // A negative delay spreads the particles over the screen from the first frame.
      delay: -Math.random() * seconds,
      sway: (Math.random() - 0.5) * 80,
      tone: TONES[i % TONES.length] ?? 'primary',
    };
  });
}

/**
 * Decorative drifting particles behind a marketing page. Place inside a `relative isolate` wrapper: the
 * layer spans the wrapper and keeps its particles in the viewport while the page scrolls.
 */
export function ParticleBackground() {
  // Random positions are drawn in the browser after hydration: the pre-rendered HTML has no
  // particles, so it matches the first client render exactly.
  const hydrated = useHydrated();
  const [drawn] = useState(() => (typeof window === 'undefined' ? [] : makeParticles()));
  const particles = hydrated ? drawn : [];
  const reduced = usePrefersReducedMotion();
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 overflow-clip">
      <div className="sticky top-0 h-screen w-full" data-testid="particle-background">
        {particles.map((p, i) => (
          <span
            key={i}
            className={`atomix-particle absolute rounded-full blur-[1px] ${TONE_CLASS[p.tone]}`}
            data-duration-seconds={p.seconds.toFixed(2)}
            style={{
              left: `${p.left}%`,
              width: p.size,
              height: p.size,
              ...(reduced
                ? { top: `${p.top}%` }
                : {
                    top: 0,
                    animation: `atomix-rise ${p.seconds}s linear ${p.delay}s infinite`,
                    ['--atomix-sway' as string]: `${p.sway}px`,
                  }),
            }}
          />
        ))}
      </div>
    </div>
  );
}
