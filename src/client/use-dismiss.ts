// A popup that closes on a click outside its container or on Escape (focus back to its button).
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export function useDismiss(open: boolean, close: () => void, container: RefObject<HTMLElement | null>, button: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!container.current?.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        close();
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close, container, button]);
}

/**
 * A dropdown's state: open or not, closed by `close`, a click outside `container` or Escape; `toggle`
 * goes on its button (it opens and closes the panel whose id is `panelId`, and says so to assistive technology).
 */
export function useDropdown(panelId: string) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, button);
  const toggle = {
    ref: button,
    type: 'button',
    'aria-haspopup': 'true',
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => setOpen((v) => !v),
  } as const;
  return { open, close, container, toggle };
}
