import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { hasQuote } from '~/shared/prototype-workflow.ts';
import { QUOTES_PANEL_LIMIT, RECENT_TRANSACTIONS_LIMIT } from '~/shared/constants.ts';
import { Amount } from '~/components/amount.tsx';
import { formatDate, formatNumber, formatUsd } from '~/shared/format.ts';
import { StatusBadge, quotePanelVariant } from './status-badge.tsx';
import type { SellerPrototype, SellerSummary, SellerTransaction } from './types.ts';
import { SectionCard } from '~/components/list-card.tsx';
import { DOLLAR_PATH, PathIcon } from '~/components/path-icon.tsx';

export function SummaryCards({ summary }: { summary: SellerSummary }) {
  const cards = [
    { label: 'Total Prototypes', value: formatNumber(summary.totalPrototypes), icon: 'M4 7h16M4 12h16M4 17h10' },
    { label: 'Active Prototypes', value: formatNumber(summary.activePrototypes), icon: 'M13 3 4 14h7l-1 7 9-11h-7z' },
    { label: 'Quoted Prototypes', value: formatNumber(summary.quotedPrototypes), icon: 'M7 7h10v10H7z M4 4h4 M16 20h4' },
    {
      label: 'Revenue',
      value: <Amount value={summary.revenue} maxRem={1.875} />,
      icon: DOLLAR_PATH,
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label="Summary">
      {cards.map((card) => (
        <li key={card.label} className="@container rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5" data-testid={`summary-${card.label}`}>
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-medium text-base-content/70">{card.label}</p>
            <PathIcon d={card.icon} className="size-5 shrink-0 text-primary" />
          </div>
          <p className="mt-2 whitespace-nowrap text-2xl font-bold tabular-nums sm:text-3xl">{card.value}</p>
        </li>
      ))}
    </ul>
  );
}

function Panel({ title, id, children }: { title: ReactNode; id: string; children: ReactNode }) {
  return (
    <SectionCard titleId={id} title={title}>
      <div className="mt-4">{children}</div>
    </SectionCard>
  );
}

/** Up to 5 prototypes with a quote: amount, name, status badge (accepted default, rejected destructive, other secondary). */
export function QuotesPanel({ prototypes }: { prototypes: SellerPrototype[] }) {
  const quoted = prototypes.filter(hasQuote).slice(0, QUOTES_PANEL_LIMIT);
  return (
    <Panel title="Quotes" id="quotes-title">
      {quoted.length === 0 ? (
        <p className="text-sm text-base-content/70">No quotes received yet</p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300">
          {quoted.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
              <div className="min-w-0">
                <p className="whitespace-nowrap font-semibold tabular-nums">{formatUsd(p.atomixQuote ?? 0)}</p>
                <Link
                  to="/prototypes/$prototypeId"
                  params={{ prototypeId: String(p.id) }}
                  className="link-hover link block truncate text-sm text-base-content/75"
                >
                  {p.prototypeName}
                </Link>
              </div>
              <StatusBadge status={p.status} sellerResponse={p.sellerResponse} variant={quotePanelVariant(p.status)} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Up to 3 transactions (payout, prototype number, created date); the header shows the total count. */
export function TransactionsPanel({ transactions }: { transactions: SellerTransaction[] }) {
  return (
    <Panel
      id="transactions-title"
      title={
        <>
          Recent Transactions <span className="badge badge-ghost badge-sm align-middle">{transactions.length}</span>
        </>
      }
    >
      {transactions.length === 0 ? (
        <p className="text-sm text-base-content/70">No transactions yet</p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300">
          {transactions.slice(0, RECENT_TRANSACTIONS_LIMIT).map((t) => (
            <li key={t.id} className="flex items-center justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
              <div>
                <p className="whitespace-nowrap font-semibold tabular-nums">{formatUsd(t.sellerPayout)}</p>
                <p className="text-sm text-base-content/70">Prototype #{t.prototypeId}</p>
              </div>
              <p className="text-sm text-base-content/70">{formatDate(t.createdAt)}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
