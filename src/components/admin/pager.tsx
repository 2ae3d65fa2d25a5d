/** Previous / next page buttons for a cursor-paginated list; the cursor lives in the URL. */
export function Pager({
  label,
  prevCursor,
  nextCursor,
  onPage,
  onFirst,
  busy,
}: {
  label: string;
  prevCursor: string | null;
  nextCursor: string | null;
  onPage: (cursor: string, direction: 'next' | 'prev') => void;
  onFirst: () => void;
  busy?: boolean;
}) {
  if (!prevCursor && !nextCursor) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-end gap-2">
      {busy && <span className="loading loading-spinner loading-xs" role="status" aria-label="Loading page" />}
      <button type="button" className="btn btn-sm btn-ghost" disabled={!prevCursor} onClick={onFirst}>
        First
      </button>
      <button type="button" className="btn btn-sm" disabled={!prevCursor} onClick={() => prevCursor && onPage(prevCursor, 'prev')}>
        Previous
      </button>
      <button type="button" className="btn btn-sm" disabled={!nextCursor} onClick={() => nextCursor && onPage(nextCursor, 'next')}>
        Next
      </button>
    </nav>
  );
}

/** A keyset page as the list queries answer it. */
interface PagedQuery {
  data?: { prevCursor: string | null; nextCursor: string | null } | undefined;
  isFetching: boolean;
}

/** The pager under a paged list query; `onPage()` without a cursor goes back to the first page. */
export function ListPager({ label, list, onPage }: { label: string; list: PagedQuery; onPage: (cursor?: string, direction?: 'next' | 'prev') => void }) {
  if (!list.data) return null;
  return (
    <Pager label={label} prevCursor={list.data.prevCursor} nextCursor={list.data.nextCursor} busy={list.isFetching} onFirst={() => onPage()} onPage={onPage} />
  );
}
