import type { ComponentType, ReactNode } from 'react';
import { AtomMark } from '~/components/layout/brand.tsx';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="relative overflow-hidden px-4 py-12 sm:py-20">
      <div className="pointer-events-none absolute inset-0 bg-gradient-to-br from-primary/10 via-transparent to-secondary/10" aria-hidden="true" />
      <div className="relative mx-auto w-full max-w-md rounded-box border border-base-300 bg-base-100 p-6 shadow-xl sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <AtomMark className="h-12 w-12" />
          <h1 className="mt-3 text-2xl font-bold">{title}</h1>
          <p className="mt-1 text-sm text-base-content/70">{subtitle}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

/** A screen that is an AuthCard around one component (the password, invitation and appeal screens). */
export function authScreen(title: string, subtitle: string, Body: ComponentType) {
  return function AuthScreen() {
    return (
      <AuthCard title={title} subtitle={subtitle}>
        <Body />
      </AuthCard>
    );
  };
}
