import { useId, useState } from 'react';
import { serverMessage } from '~/client/errors.ts';
import { trpc } from '~/client/trpc.ts';
import { toast } from '~/components/toast/toast-store.ts';
import { isAllowed } from '~/shared/prototype-workflow.ts';
import { formatDateTime, formatUsd } from '~/shared/format.ts';
import type { SellerPrototype } from './types.ts';

/**
 * The seller's answer to a quote (issue 4): accept or decline with an optional note. Offered only
 * when the workflow table allows it; afterwards the answer is shown instead.
 */
export function QuoteResponse({ prototype }: { prototype: SellerPrototype }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const utils = trpc.useUtils();
  const respond = trpc.prototypes.respondToQuote.useMutation({
    onSuccess: async (_data, input) => {
      toast({
        title: input.response === 'accepted' ? 'Quote accepted' : 'Quote declined',
        description: 'Your response has been sent to the Atomix team.',
      });
      await utils.prototypes.invalidate();
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'Failed to respond to quote. Please try again.'), variant: 'destructive' }),
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

  const send = (response: 'accepted' | 'declined') => respond.mutate({ id: prototype.id, response, note });
  return (
    <div className="flex flex-col gap-2 border-t border-base-300 pt-3">
      <label htmlFor={noteId} className="text-sm font-medium">
        Respond to the quote of <span className="whitespace-nowrap tabular-nums">{formatUsd(prototype.atomixQuote ?? 0)}</span>{' '}
        <span className="font-normal text-base-content/70">(note optional)</span>
      </label>
      <textarea
        id={noteId}
        rows={2}
        maxLength={1000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        className="textarea textarea-bordered textarea-sm w-full"
        placeholder="Anything the team should know"
      />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" disabled={respond.isPending} onClick={() => send('accepted')}>
          {respond.isPending && respond.variables?.response === 'accepted' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Accept Quote
        </button>
        <button type="button" className="btn btn-outline btn-sm" disabled={respond.isPending} onClick={() => send('declined')}>
          {respond.isPending && respond.variables?.response === 'declined' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Decline Quote
        </button>
      </div>
    </div>
  );
}
