// Accepting the current confidentiality terms (ADR 0045), from the terms page or a prototype's
// Confidential panel: the same toasts, and everything reloads since access may have changed.
import { trpc } from '~/client/trpc.ts';
import { toast, toastError } from '~/components/toast/toast-store.ts';

export function useAcceptTerms(onAccepted?: () => void) {
  const utils = trpc.useUtils();
  return trpc.confidentiality.accept.useMutation({
    onSuccess: () => {
      toast({ title: 'Terms accepted' });
      onAccepted?.();
      void utils.invalidate();
    },
    onError: (error) => toastError('Could not accept the terms', error),
  });
}
