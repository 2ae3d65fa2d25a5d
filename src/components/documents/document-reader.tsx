// The view-only reader (issue 31, point 4): a PDF page by page, each page an image the server drew
// with the reader's watermark burned in; the file itself never reaches the browser. The left and right arrow
// keys, PageUp/PageDown, Home/End and large Previous/Next buttons (a swipe on touch screens) turn the pages.
import { useCallback, useEffect, useRef, useState } from 'react';
import { documentPageUrl } from '~/shared/document-urls.ts';

type PageState = { key: string; status: 'ready'; url: string; pages: number } | { key: string; status: 'error'; message: string; httpStatus: number };

/**
 * One page: fetched (so a refusal's message can be shown), then shown from an object URL. Loading
 * while the last answer is for another page; `pages` is the count the last page brought.
 */
function usePage(documentId: number, page: number) {
  const key = `${documentId}:${page}`;
  const [state, setState] = useState<PageState | null>(null);
  const [pages, setPages] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    void (async () => {
      try {
        const res = await fetch(documentPageUrl(documentId, page), { signal: controller.signal, credentials: 'same-origin' });
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          setState({ key, status: 'error', httpStatus: res.status, message: body?.message ?? 'This page could not be shown.' });
          return;
        }
        const count = Number(res.headers.get('x-page-count') ?? '0');
        url = URL.createObjectURL(await res.blob());
        if (count > 0) setPages(count);
        setState({ key, status: 'ready', url, pages: count });
      } catch (error) {
        if (!controller.signal.aborted) setState({ key, status: 'error', httpStatus: 0, message: `This page could not be loaded (${String(error)}).` });
      }
    })();
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [documentId, page, key]);
  return { current: state?.key === key ? state : null, pages };
}

const KEY_MOVES: Record<string, number> = { ArrowRight: 1, PageDown: 1, ArrowLeft: -1, PageUp: -1 };

export function DocumentReader({ documentId, fileName }: { documentId: number; fileName: string | undefined }) {
  const [page, setPage] = useState(1);
  const { current: state, pages } = usePage(documentId, page);
  const title = fileName ?? `Document ${documentId}`;

  const go = useCallback((next: number) => setPage(Math.min(Math.max(1, next), pages ?? 1)), [pages]);

  // The keys work wherever the focus is on this screen, except in a field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable]')) return;
      const step = KEY_MOVES[event.key];
      if (step !== undefined) go(page + step);
      else if (event.key === 'Home') go(1);
      else if (event.key === 'End' && pages) go(pages);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, page, pages]);

  // A horizontal swipe turns the page on touch screens.
  const touchStart = useRef<number | null>(null);
  const onTouchStart = (event: React.TouchEvent) => (touchStart.current = event.touches[0]?.clientX ?? null);
  const onTouchEnd = (event: React.TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < 60) return;
    go(end < start ? page + 1 : page - 1);
  };

  const atEnd = pages !== null && page >= pages;

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-6 sm:px-6" aria-labelledby="reader-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="reader-heading" className="truncate text-2xl font-bold" title={title}>
            {title}
          </h1>
          <p className="mt-1 text-sm text-base-content/70">
            View only: each page is shown as an image stamped with your name, e-mail and the time. The file itself is not sent to your device.
          </p>
        </div>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => window.history.back()}>
          Back
        </button>
      </div>

      <nav aria-label="Pages" className="flex items-center justify-between gap-2">
        <button type="button" className="btn btn-lg min-w-28" onClick={() => go(page - 1)} disabled={page <= 1}>
          <span aria-hidden="true">←</span> Previous
        </button>
        <p className="text-center font-medium" aria-live="polite" data-testid="reader-position">
          Page {page}
          {pages !== null && ` of ${pages}`}
        </p>
        <button type="button" className="btn btn-lg min-w-28" onClick={() => go(page + 1)} disabled={pages === null || atEnd}>
          Next <span aria-hidden="true">→</span>
        </button>
      </nav>

      <div
        role="region"
        aria-label={`${title}, page ${page}${pages !== null ? ` of ${pages}` : ''}. Use the left and right arrow keys or Page Up and Page Down to turn the pages.`}
        aria-busy={state === null}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        className="flex min-h-[50vh] items-start justify-center rounded-box border border-base-300 bg-base-200 p-2 outline-offset-2 focus-visible:outline-2 focus-visible:outline-primary sm:p-4"
        data-testid="reader-page"
      >
        {state === null && (
          <p className="flex items-center gap-2 self-center text-base-content/70">
            <span className="loading loading-spinner loading-md" aria-hidden="true" /> Loading page {page}…
          </p>
        )}
        {state?.status === 'error' && (
          <div role="alert" className="alert alert-error self-center">
            <span>{state.message}</span>
          </div>
        )}
        {state?.status === 'ready' && <img src={state.url} alt={`Page ${page} of ${title}`} className="h-auto max-w-full bg-white shadow" draggable={false} />}
      </div>
      <p className="text-xs text-base-content/70">Keys: ← → or Page Up / Page Down turn the pages; Home and End go to the first and last page.</p>
    </section>
  );
}
