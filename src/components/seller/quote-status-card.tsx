import { hasQuote } from '~/shared/prototype-workflow.ts';
import { Amount } from '~/components/amount.tsx';
import { QuoteResponse } from './quote-response.tsx';
import { StatusBadge } from './status-badge.tsx';
import type { SellerPrototype } from './types.ts';

/**
 * Spec section 2: "Awaiting Atomix quote" without a quote (or a quote of 0), otherwise the amount
 * in dollars; the status badge; "Quote provided" when a quoting person is recorded.
 */
export function QuoteStatusCard({ prototype }: { prototype: SellerPrototype }) {
  const quoted = hasQuote(prototype);
  return (
    <div className="flex flex-col gap-3 rounded-field border border-base-300 bg-base-200/60 p-4" data-testid="quote-status">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="@container min-w-0 flex-1">
          <p className="text-xs font-medium uppercase tracking-wide text-base-content/60">Quote status</p>
          <p className={quoted ? 'text-xl font-bold text-primary' : 'font-medium text-base-content/80'}>
            {quoted ? <Amount value={prototype.atomixQuote ?? 0} maxRem={1.25} /> : 'Awaiting Atomix quote'}
          </p>
        </div>
        <StatusBadge status={prototype.status} />
      </div>
      {prototype.quoteProvideBy && <p className="text-sm text-success">Quote provided</p>}
      {quoted && prototype.quoteNotes && <p className="text-sm text-base-content/75">{prototype.quoteNotes}</p>}
      <QuoteResponse prototype={prototype} />
    </div>
  );
}
