// The empty state of a filtered list: says nothing matched and, when filters are on, offers to clear
// them in one step (the way out of a dead end). Admin lists, the reports queue and the ledger use it.
import type { AdminSearch, SetSearch } from './admin/admin-search.ts';

export function NoMatches({ message, onClear }: { message: string; onClear?: (() => void) | undefined }) {
  return (
    <div className="mt-6 flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 p-10 text-center text-base-content/70">
      <p>{message}</p>
      {onClear && (
        <button type="button" className="btn btn-sm btn-outline" onClick={onClear}>
          Clear filters
        </button>
      )}
    </div>
  );
}

/** The search keys each admin-panel list filters by; clearing them also returns to the first page. */
export const LIST_FILTERS = {
  prototypes: ['q', 'status', 'energy', 'priority', 'stage', 'reviewer', 'scorecard', 'overdue', 'mine', 'cursor', 'dir'],
  users: ['uq', 'role', 'ustatus', 'ucursor', 'udir'],
  activity: ['auser', 'aaction', 'acursor', 'adir'],
} as const satisfies Record<string, readonly (keyof AdminSearch)[]>;

/** Clears one admin-panel list's filters; undefined when none is on (no button then). */
export function clearListFilters(list: keyof typeof LIST_FILTERS, search: AdminSearch, setSearch: SetSearch): (() => void) | undefined {
  const keys = LIST_FILTERS[list];
  if (!keys.some((key) => search[key] !== undefined)) return undefined;
  return () => setSearch(Object.fromEntries(keys.map((key) => [key, undefined])));
}
