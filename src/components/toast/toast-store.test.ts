import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToasts, dismissToast, registerDialog, toast } from './toast-store.ts';

describe('toasts (spec sections 4 and 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of currentToasts()) dismissToast(t.id);
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new one replaces the old', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    expect(currentToasts().map((t) => [t.title, t.variant])).toEqual([['Second', 'destructive']]);
  });

  it('is displayed for 5,000 ms', () => {
    toast({ title: 'Saved' });
    vi.advanceTimersByTime(4999);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toHaveLength(0);
  });

  it('a replaced toast does not remove its successor when its own timer fires', () => {
    toast({ title: 'Old' });
    vi.advanceTimersByTime(3000);
    toast({ title: 'New' });
    vi.advanceTimersByTime(2500);
    expect(currentToasts().map((t) => t.title)).toEqual(['New']);
  });

  it('defaults to the default variant and can be dismissed', () => {
    const id = toast({ title: 'Hello', description: 'World' });
    expect(currentToasts()[0]).toMatchObject({ title: 'Hello', description: 'World', variant: 'default' });
    dismissToast(id);
    expect(currentToasts()).toHaveLength(0);
  });

  it('an error raised while a dialog is open goes to the topmost dialog, not the page behind it', () => {
    const outer: unknown[] = [];
    const inner: unknown[] = [];
    const closeOuter = registerDialog({ show: (e) => outer.push(e) });
    const closeInner = registerDialog({ show: (e) => inner.push(e) });
    toast({ title: 'Refused', description: 'Not allowed', variant: 'destructive' });
    expect(inner).toEqual([{ title: 'Refused', description: 'Not allowed' }]);
    expect(outer).toEqual([]);
    expect(currentToasts()).toHaveLength(0);
    // A success still toasts (above the dialog); after the dialogs close, errors toast again.
    toast({ title: 'Saved' });
    expect(currentToasts().map((t) => t.title)).toEqual(['Saved']);
    closeInner();
    toast({ title: 'Second', variant: 'destructive' });
    expect(outer).toEqual([{ title: 'Second' }]);
    closeOuter();
    toast({ title: 'Third', variant: 'destructive' });
    expect(currentToasts().map((t) => t.title)).toEqual(['Third']);
  });
});
