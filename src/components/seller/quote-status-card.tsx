import { Link } from '@tanstack/react-router';
import { dealState } from '~/shared/deal-progress.ts';
import { hasQuote } from '~/shared/prototype-workflow.ts';
import { Amount } from '~/components/amount.tsx';
import { MessageTeamButton } from '~/components/messages/message-team-button.tsx';
import { QuoteResponse } from './quote-response.tsx';
import { StatusBadge } from './status-badge.tsx';
import type { SellerPrototype } from './types.ts';

/**
 * Spec section 2: "Awaiting Atomix quote" without a quote (or a quote of 0), otherwise the amount
 * in dollars; the status badge; "Quote provided" when a quote was recorded (quotedAt: who quoted, the
 * spec's quoteProvideBy, is an admin's id and stays with the team, ADR 0037). A rejected
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
        <StatusBadge status={prototype.status} sellerResponse={prototype.sellerResponse} />
      </div>
      {prototype.quotedAt && <p className="text-sm text-success">Quote provided</p>}
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
      <WhatHappensNext prototype={prototype} />
    </div>
  );
}

/**
 * After the seller accepts a quote (issue 34, point 5): the steps from here, the current one marked,
 * so the accepted state is visible before the team confirms the purchase and the payout exists.
 */
function WhatHappensNext({ prototype }: { prototype: SellerPrototype }) {
  const state = dealState(prototype);
  if (state !== 'answered_accepted' && state !== 'confirmed') return null;
  const confirmed = state === 'confirmed';
  const steps = [
    { label: 'You accepted the quote', done: true },
    { label: 'Atomix confirms the purchase', done: confirmed },
    { label: 'Your payout (the quote less the platform fee) is listed under Payouts and paid to your payout account', done: false },
    { label: 'Development starts: follow its milestones on this page', done: false },
  ];
  const current = steps.findIndex((step) => !step.done);
  return (
    <div className="flex flex-col gap-2 border-t border-base-300 pt-3" data-testid="quote-next-steps">
      <p className="text-sm font-medium">What happens next</p>
      <ol className="flex flex-col gap-1.5 text-sm">
        {steps.map((step, index) => (
          <li key={step.label} className="flex items-start gap-2" aria-current={index === current ? 'step' : undefined}>
            <span
              aria-hidden="true"
              className={`mt-0.5 grid size-5 shrink-0 place-items-center rounded-full text-xs font-semibold ${
                step.done
                  ? 'bg-primary text-primary-content'
                  : index === current
                    ? 'bg-primary/15 text-primary ring-2 ring-primary'
                    : 'bg-base-300 text-base-content/80'
              }`}
            >
              {step.done ? '✓' : index + 1}
            </span>
            <span className={index === current ? 'font-medium' : step.done ? '' : 'text-base-content/75'}>
              {step.label}
              <span className="sr-only">{step.done ? ' (done)' : index === current ? ' (next)' : ''}</span>
            </span>
          </li>
        ))}
      </ol>
      <p className="text-sm">
        <Link to="/payouts" className="link link-primary">
          {confirmed ? 'See your payout' : 'Set up your payout account'}
        </Link>
      </p>
    </div>
  );
}
