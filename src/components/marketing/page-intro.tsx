import type { ReactNode } from 'react';

/** The top band of an inner marketing page: eyebrow, the page's single h1 and a lead paragraph. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <header className="relative overflow-hidden border-b border-base-300/70">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_24rem_at_50%_-6rem,color-mix(in_oklab,var(--color-primary)_22%,transparent),transparent)]"
      />
      <div className="mx-auto max-w-4xl px-4 pb-16 pt-20 text-center sm:px-6 sm:pb-20 sm:pt-24">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-primary">{eyebrow}</p>
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">{title}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-base-content/75 text-pretty sm:text-xl">{children}</p>
      </div>
    </header>
  );
}
