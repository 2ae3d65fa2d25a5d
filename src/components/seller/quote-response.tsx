import { useId, useState } from 'react';
import { trpc } from '~/client/trpc.ts';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { ConfirmDialog } from '~/components/modal-dialog.tsx';
import { isAllowed } from '~/shared/prototype-workflow.ts';
import { formatDateTime, formatUsd } from '~/shared/format.ts';
import { QUOTE_NOTE_MAX } from '~/shared/schemas/prototype.ts';
import type { SellerPrototype } from './types.ts';

/**
 * The seller's answer to a quote (issue 4): accept or decline with an optional note. Offered only
 * when the workflow table allows it; afterwards the answer is shown instead.
 */
export function QuoteResponse({ prototype }: { prototype: SellerPrototype }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<'accepted' | 'declined' | null>(null);
  const utils = trpc.useUtils();
  const respond = trpc.prototypes.respondToQuote.useMutation({
    onSettled: () => setConfirming(null),
    onSuccess: async (_data, input) => {
      toast({
        title: input.response === 'accepted' ? 'Quote accepted' : 'Quote declined',
        description: 'Your response has been sent to the Atomix team.',
      });
      await utils.prototypes.invalidate();
    },
    onError: (error) => toastError('Failed to respond to quote. Please try again.', error),
  });

  if (prototype.sellerResponse) {
    return (
      <p className="text-sm" data-testid="quote-response">
        You {prototype.sellerResponse} this quote
        {prototype.sellerResponseAt ? ` on ${formatDateTime(prototype.sellerResponseAt)}` : ''}.
        {prototype.sellerResponseNote && <span className="block text-base-content/70">Your note: {prototype.sellerResponseNote}</span>}
      </p>
    );
  }
  if (!isAllowed('respondToQuote', prototype)) return null;

  const amount = formatUsd(prototype.atomixQuote ?? 0);
  return (
    <div className="flex flex-col gap-2 border-t border-base-300 pt-3">
      <label htmlFor={noteId} className="text-sm font-medium">
        Respond to the quote of <span className="whitespace-nowrap tabular-nums">{amount}</span>{' '}
        <span className="font-normal text-base-content/70">(note optional)</span>
      </label>
      <textarea
        id={noteId}
        rows={2}
        maxLength={QUOTE_NOTE_MAX}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        className="textarea textarea-bordered textarea-sm w-full"
        placeholder="Anything the team should know"
      />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" disabled={respond.isPending} onClick={() => setConfirming('accepted')}>
          {respond.isPending && respond.variables?.response === 'accepted' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Accept Quote
        </button>
        <button type="button" className="btn btn-outline btn-sm" disabled={respond.isPending} onClick={() => setConfirming('declined')}>
          {respond.isPending && respond.variables?.response === 'declined' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Decline Quote
        </button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && respond.mutate({ id: prototype.id, response: confirming, note })}
        pending={respond.isPending}
        danger={confirming === 'declined'}
        title={confirming === 'declined' ? 'Decline this quote?' : 'Accept this quote?'}
        description={
          <>
            {confirming === 'declined' ? 'You are declining' : 'You are accepting'} the quote of{' '}
            <strong className="whitespace-nowrap tabular-nums">{amount}</strong> for &ldquo;{prototype.prototypeName}&rdquo;. The Atomix team is told at once
            {confirming === 'accepted' ? ' and prepares the deal.' : '.'}
          </>
        }
        confirmLabel={confirming === 'declined' ? `Decline ${amount}` : `Accept ${amount}`}
        testId="quote-confirm"
      />
    </div>
  );
}
