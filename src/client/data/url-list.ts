// What every admin list route does alike (issue 29, point 6): warm the screen's first queries for an
// admin, and hand the screen its URL search with a way to change it.
import type { TrpcQueryUtils } from '~/client/trpc.ts';

/** The admin area's route context (from the `_admin` route's `beforeLoad`). */
interface AdminContext {
  isAdmin: boolean;
  trpc: TrpcQueryUtils;
}

/**
 * A list route's loader: for an admin, fetches what the screen first shows so it paints with data. A
 * failure is left to the screen, which shows it where the list goes; a non-admin gets the refusal.
 */
export function warmForAdmin<D>(queries: (trpc: TrpcQueryUtils, deps: D) => Promise<unknown>[]) {
  return ({ context, deps }: { context: AdminContext; deps: D }) => (context.isAdmin ? Promise.all(queries(context.trpc, deps)).catch(() => undefined) : undefined);
}

/** The part of a file route a list screen reads its search through. */
interface SearchRoute<S> {
  useSearch: () => S;
  useNavigate: () => (options: { search: NoInfer<S> }) => Promise<void>;
}

/** The screen's URL search and how to change it (a new entry in the history, like a link). */
export function useUrlSearch<S>(route: SearchRoute<S>): { search: S; setSearch: (next: S) => void } {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return { search, setSearch: (next: S) => void navigate({ search: next }) };
}
