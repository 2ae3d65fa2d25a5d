import type { ReactNode } from 'react';
import { loadFailed } from '~/client/errors.ts';
import { Spinner } from './spinner.tsx';

/** What QueryView reads of a React Query result. */
interface QueryState<T> {
  isError: boolean;
  error: { message: string } | null;
  data: T | undefined;
}

/**
 * The four states of a list screen, the same on every screen: a spinner while it loads, an alert if
 * it could not, the empty state, or the content. `what` names the thing loaded ("prototypes", "the
 * outbox"); `empty` is a sentence (shown in the usual dashed box) or a node of its own.
 */
export function QueryView<T>({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: QueryState<T>;
  what: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    return (
      <p role="alert" className="alert alert-error mt-6">
        {loadFailed(what, query.error)}
      </p>
    );
  }
  if (query.data === undefined) return <Spinner label={`Loading ${what}`} className="py-16" />;
  if (isEmpty(query.data)) {
    return typeof empty === 'string' ? (
      <p className="mt-6 rounded-box border border-dashed border-base-300 p-10 text-center text-base-content/70">{empty}</p>
    ) : (
      empty
    );
  }
  return children(query.data);
}
