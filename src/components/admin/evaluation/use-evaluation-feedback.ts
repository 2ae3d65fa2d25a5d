// After a change on the evaluation page: the new evaluation in the cache, a toast, and the lists and
// board refetched; a failure shows the server's reason.
import { trpc } from '~/client/trpc.ts';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import type { Evaluation } from './score-fields.tsx';

export function useEvaluationFeedback(id: number, success: string, after?: () => void) {
  const utils = trpc.useUtils();
  return {
    onSuccess: (data: Evaluation) => {
      utils.evaluation.evaluation.setData({ id }, data);
      void utils.admin.prototypes.invalidate();
      void utils.pipeline.invalidate();
      toast({ title: success });
      after?.();
    },
    onError: (error: unknown) => toastError('The evaluation could not be saved', error),
  };
}
