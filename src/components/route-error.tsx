import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';

/** Shown when a route's loader or component throws: says what happened and offers a retry. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-base-content/70">{error instanceof Error ? error.message : 'Please try again.'}</p>
      <button type="button" className="btn btn-primary mt-6" onClick={() => void router.invalidate()}>
        Try again
      </button>
    </section>
  );
}
