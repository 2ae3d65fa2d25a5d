import { useEffect, useRef } from 'react';
import { TOAST_SWIPE_THRESHOLD_PX } from '~/shared/constants.ts';
import { type Toast, dismissToast, useToasts } from './toast-store.ts';

/**
 * Toast viewport: bottom of the screen on phones, bottom-right and at most 420 px wide from md up.
 * A manual popover, so it lives in the browser's top layer like an open <dialog>, which no z-index
 * can cover: it is raised above a dialog opened after it each time a toast appears.
 */
export function Toaster() {
  const toasts = useToasts();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const viewport = ref.current;
    if (!viewport || typeof viewport.showPopover !== 'function') return;
    const shown = viewport.matches(':popover-open');
    // The last element shown in the top layer is drawn over the others.
    if (shown && toasts.length > 0 && document.querySelector('dialog[open]')) viewport.hidePopover();
    if (!viewport.matches(':popover-open')) viewport.showPopover();
  }, [toasts]);
  return (
    <section
      ref={ref}
      popover="manual"
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 top-auto z-[90] m-0 flex h-auto max-h-none w-full max-w-none flex-col gap-2 overflow-visible border-0 bg-transparent p-4 text-base-content md:left-auto md:right-0 md:max-w-[420px]"
    >
      {/* Polite region for default toasts, assertive for errors; both always present so announcements fire. */}
      <div aria-live="polite" role="status" className="flex flex-col gap-2">
        {toasts
          .filter((t) => t.variant === 'default')
          .map((t) => (
            <ToastCard key={t.id} toast={t} />
          ))}
      </div>
      <div aria-live="assertive" role="alert" className="flex flex-col gap-2">
        {toasts
          .filter((t) => t.variant === 'destructive')
          .map((t) => (
            <ToastCard key={t.id} toast={t} />
          ))}
      </div>
    </section>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const startX = useRef<number | null>(null);
  const card = useRef<HTMLDivElement>(null);
  const destructive = toast.variant === 'destructive';
  return (
    <div
      ref={card}
      data-testid="toast"
      data-variant={toast.variant}
      className={`pointer-events-auto flex items-start gap-3 rounded-box border p-4 shadow-lg transition-transform ${
        destructive ? 'border-error bg-error text-error-content' : 'border-base-300 bg-base-100 text-base-content'
      }`}
      onPointerDown={(e) => {
        startX.current = e.clientX;
      }}
      onPointerMove={(e) => {
        if (startX.current === null || !card.current) return;
        const dx = Math.max(0, e.clientX - startX.current);
        card.current.style.transform = `translateX(${dx}px)`;
      }}
      onPointerUp={(e) => {
        if (startX.current !== null && e.clientX - startX.current > TOAST_SWIPE_THRESHOLD_PX) dismissToast(toast.id);
        else if (card.current) card.current.style.transform = '';
        startX.current = null;
      }}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
      </div>
      <button type="button" className="btn btn-ghost btn-xs btn-square" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}
