// The admin panel's toasts, word for word from spec section 8, and the refresh after each action.
import { trpc } from '~/client/trpc.ts';
import { toast, toastError } from '~/components/toast/toast-store.ts';

export const ADMIN_TOASTS = {
  approve: { success: 'Prototype approved successfully', failure: 'Failed to approve prototype' },
  reject: { success: 'Prototype rejected', failure: 'Failed to reject prototype' },
  quote: { success: 'Quote provided successfully', failure: 'Failed to provide quote' },
  acceptQuote: { success: 'Quote accepted successfully', failure: 'Failed to accept quote' },
  rejectQuote: { success: 'Quote rejected successfully', failure: 'Failed to reject quote' },
  userStatus: { success: 'User status updated successfully', failure: 'Failed to update user status' },
  message: { success: 'Message sent successfully', failure: 'Failed to send message' },
  password: { success: 'Password changed successfully', failure: 'Failed to change password' },
  deleteUser: { success: 'User deleted successfully', failure: 'Failed to delete user' },
  // Actions the spec does not list, in the same style.
  startReview: { success: 'Review started', failure: 'Failed to start review' },
  manage: { success: 'Prototype updated successfully', failure: 'Failed to update prototype' },
  verify: { success: 'User verified successfully', failure: 'Failed to verify user' },
  // The lifecycle after review (issue 14).
  reviseQuote: { success: 'Quote revised successfully', failure: 'Failed to revise quote' },
  startDevelopment: { success: 'Development started', failure: 'Failed to start development' },
  markDeployed: { success: 'Prototype marked deployed', failure: 'Failed to mark prototype deployed' },
  moveStage: { success: 'Stage changed', failure: 'Failed to change stage' },
} as const;
export type AdminToastKey = keyof typeof ADMIN_TOASTS;

/**
 * onSuccess/onError handlers for an admin mutation: the spec's toast, then every admin list and
 * counter, the board and the evaluation page are refetched (also after a failure, which usually
 * means the row changed meanwhile).
 */
export function useAdminFeedback() {
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.admin.invalidate();
    void utils.pipeline.invalidate();
    void utils.evaluation.invalidate();
  };
  return (key: AdminToastKey, after?: () => void) => ({
    onSuccess: () => {
      toast({ title: ADMIN_TOASTS[key].success });
      after?.();
      refresh();
    },
    onError: () => {
      toastError(ADMIN_TOASTS[key].failure);
      refresh();
    },
  });
}
