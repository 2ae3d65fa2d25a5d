// The empty state of a filtered admin list: says nothing matched and, when filters are on, offers to
// clear them in one step (the way out of a dead end).
import type { AdminSearch, SetSearch } from './admin-search.ts';

/** The search keys each admin list filters by; clearing them also returns to the first page. */
export const LIST_FILTERS = {
  prototypes: ['q', 'status', 'energy', 'priority', 'stage', 'reviewer', 'scorecard', 'overdue', 'mine', 'cursor', 'dir'],
  users: ['uq', 'role', 'ustatus', 'ucursor', 'udir'],
  activity: ['auser', 'aaction', 'acursor', 'adir'],
} as const satisfies Record<string, readonly (keyof AdminSearch)[]>;

export function NoMatches({
  message,
  list,
  search,
  setSearch,
}: {
  message: string;
  list: keyof typeof LIST_FILTERS;
  search: AdminSearch;
  setSearch: SetSearch;
}) {
  const keys = LIST_FILTERS[list];
  const filtered = keys.some((key) => search[key] !== undefined);
  return (
    <div className="mt-6 flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 p-10 text-center text-base-content/70">
      <p>{message}</p>
      {filtered && (
        <button type="button" className="btn btn-sm btn-outline" onClick={() => setSearch(Object.fromEntries(keys.map((key) => [key, undefined])))}>
          Clear filters
        </button>
      )}
    </div>
  );
}
