// Toast state (spec sections 4 and 9): one visible at a time, default or destructive, shown 5,000 ms.
import { useSyncExternalStore } from 'react';
import { serverMessage } from '~/client/errors.ts';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '~/shared/constants.ts';

export type ToastVariant = 'default' | 'destructive';
export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Shows a toast, replacing the one on screen (only TOAST_LIMIT are visible at once). */
export function toast(input: { title: string; description?: string; variant?: ToastVariant }): number {
  const item: Toast = { id: nextId++, variant: 'default', ...input };
  for (const dropped of toasts.slice(0, Math.max(0, toasts.length - TOAST_LIMIT + 1))) {
    clearTimeout(timers.get(dropped.id));
    timers.delete(dropped.id);
  }
  toasts = [...toasts, item].slice(-TOAST_LIMIT);
  timers.set(
    item.id,
    setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS),
  );
  emit();
  return item.id;
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}

/**
 * The one error toast (spec section 8): "Error" and the screen's words; given the failure, the
 * server's own message instead when it sent one.
 */
export function toastError(words: string, error?: unknown): number {
  return toast({ title: 'Error', description: error === undefined ? words : serverMessage(error, words), variant: 'destructive' });
}
