import { hasQuote } from '~/shared/prototype-workflow.ts';
import { Amount } from '~/components/amount.tsx';
import { MessageTeamButton } from '~/components/messages/message-team-button.tsx';
import { QuoteResponse } from './quote-response.tsx';
import { StatusBadge } from './status-badge.tsx';
import type { SellerPrototype } from './types.ts';

/**
 * Spec section 2: "Awaiting Atomix quote" without a quote (or a quote of 0), otherwise the amount
 * in dollars; the status badge; "Quote provided" when a quoting person is recorded. A rejected
 * prototype awaits nothing: it says so, gives the reason and a way to answer the team.
 */
export function QuoteStatusCard({ prototype }: { prototype: SellerPrototype }) {
  const quoted = hasQuote(prototype);
  const rejected = prototype.status === 'rejected';
  return (
    <div className="flex flex-col gap-3 rounded-field border border-base-300 bg-base-200/60 p-4" data-testid="quote-status">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="@container min-w-0 flex-1">
          <p className="text-xs font-medium uppercase tracking-wide text-base-content/70">Quote status</p>
          <p className={quoted ? 'text-xl font-bold text-primary' : 'font-medium text-base-content/80'}>
            {quoted ? <Amount value={prototype.atomixQuote ?? 0} maxRem={1.25} /> : rejected ? 'Not accepted' : 'Awaiting Atomix quote'}
          </p>
        </div>
        <StatusBadge status={prototype.status} />
      </div>
      {prototype.quoteProvideBy && <p className="text-sm text-success">Quote provided</p>}
      {quoted && prototype.quoteNotes && <p className="text-sm text-base-content/75">{prototype.quoteNotes}</p>}
      {rejected && (
        <div className="flex flex-col gap-2 border-t border-base-300 pt-3" data-testid="rejection">
          {prototype.reviewerComments && (
            <p className="text-sm">
              <span className="font-medium">Reason:</span> <span className="whitespace-pre-line">{prototype.reviewerComments}</span>
            </p>
          )}
          <div>
            <MessageTeamButton prototype={prototype} />
          </div>
        </div>
      )}
      <QuoteResponse prototype={prototype} />
    </div>
  );
}
