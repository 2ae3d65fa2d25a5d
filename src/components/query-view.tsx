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
 * outbox"); `empty` is a sentence (shown in the usual dashed box) or a node of its own, shown when
 * `isEmpty` says so: by default when the data is an empty list or a page of a paged list without rows.
 * Without `empty`, the data is always the content (one record, a set of figures).
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
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
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
  if (empty !== undefined && (isEmpty ?? isEmptyList)(query.data)) {
    return typeof empty === 'string' ? (
      <p className="mt-6 rounded-box border border-dashed border-base-300 p-10 text-center text-base-content/70">{empty}</p>
    ) : (
      empty
    );
  }
  return children(query.data);
}

/** An empty list, or a page of a keyset-paged list (`{ items, ... }`) without rows. */
function isEmptyList(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  return typeof data === 'object' && data !== null && 'items' in data && Array.isArray(data.items) && data.items.length === 0;
}
