// /payouts ("Payouts", as the menu names it): the seller's full transaction list, with what has been paid out and what is still owed.
import { trpc } from '~/client/trpc.ts';
import { Amount } from '~/components/amount.tsx';
import { formatDate, formatUsd } from '~/shared/format.ts';
import { CountedTitle, ListCard, QueryStatus, TableHead, right } from '~/components/list-card.tsx';
import { PAYOUT_METHOD_LABELS } from '~/shared/schemas/payouts.ts';
import { PayoutAccountCard } from './payout-account-card.tsx';
import { PayoutStatusBadge } from './payout-status-badge.tsx';
import { SellerStatement } from './seller-statement.tsx';

const methodLabel = (method: string | null) => (method ? ((PAYOUT_METHOD_LABELS as Record<string, string>)[method] ?? method) : '—');

/**
 * When and how a transaction was paid: one reading of the same fields for the phone card and the
 * desktop table, and the same rule as the "Paid out" total (paid means completed).
 */
function paidText(t: { status: string; completedAt: Date | null }): string {
  return t.status === 'completed' ? `Paid ${t.completedAt ? formatDate(t.completedAt) : ''}`.trim() : 'Not paid yet';
}

export function SellerPayoutsPage() {
  const payouts = trpc.payouts.mine.useQuery();
  const data = payouts.data;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Payouts</h1>
        <p className="mt-1 text-base-content/70">Every payout for your accepted prototypes, newest first.</p>
      </header>
      <div className="grid gap-4 md:grid-cols-3">
        <dl className="grid grid-cols-2 gap-4 md:col-span-2">
          <div className="@container rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
            <dt className="text-sm font-medium text-base-content/70">Paid out</dt>
            <dd className="mt-2 font-bold" data-testid="payouts-paid-out">
              {data ? <Amount value={data.paidOut} maxRem={1.5} /> : <span className="loading loading-dots loading-sm" aria-label="Loading" />}
            </dd>
          </div>
          <div className="@container rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
            <dt className="text-sm font-medium text-base-content/70">Still owed to you</dt>
            <dd className="mt-2 font-bold" data-testid="payouts-owed">
              {data ? <Amount value={data.owed} maxRem={1.5} /> : <span className="loading loading-dots loading-sm" aria-label="Loading" />}
            </dd>
          </div>
        </dl>
        <PayoutAccountCard linkToPayouts={false} />
      </div>

      <ListCard titleId="all-transactions" title={<CountedTitle title="All transactions" count={data?.items.length} />} flush>
        <QueryStatus query={payouts} loading="Loading transactions" failed="Could not load your transactions. Please try again." />
        {data?.items.length === 0 && <p className="px-5 py-10 text-center text-base-content/70">No transactions yet</p>}
        {data && data.items.length > 0 && (
          <>
            {/* Phones: one card per transaction. */}
            <ul className="divide-y divide-base-300 md:hidden">
              {data.items.map((t) => (
                <li key={t.id} className="flex flex-col gap-1 px-5 py-4" data-testid="payout-row">
                  <div className="flex items-center justify-between gap-2">
                    <span className="whitespace-nowrap font-semibold tabular-nums">{formatUsd(t.sellerPayout)}</span>
                    <PayoutStatusBadge status={t.status} />
                  </div>
                  <span className="text-sm">{t.prototypeName}</span>
                  <span className="text-xs text-base-content/70">
                    {formatDate(t.createdAt)} · <span data-testid="payout-paid">{paidText(t)}</span>
                    {t.payoutMethod ? ` · ${methodLabel(t.payoutMethod)}` : ''}
                    {t.reference ? ` · ${t.reference}` : ''}
                  </span>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto p-2 md:block">
              <table className="table">
                <caption className="sr-only">Your transactions</caption>
                <TableHead columns={['Prototype', 'Created', right('Accepted quote'), right('Platform fee'), right('Your payout'), 'Status', 'Paid']} />
                <tbody>
                  {data.items.map((t) => (
                    <tr key={t.id} data-testid="payout-row">
                      <td>
                        <span className="font-medium">{t.prototypeName}</span>
                        <span className="block text-xs text-base-content/70">Prototype #{t.prototypeId}</span>
                      </td>
                      <td className="whitespace-nowrap">{formatDate(t.createdAt)}</td>
                      <td className="whitespace-nowrap text-right tabular-nums">{formatUsd(t.amount)}</td>
                      <td className="whitespace-nowrap text-right tabular-nums">{formatUsd(t.platformFee)}</td>
                      <td className="whitespace-nowrap text-right font-semibold tabular-nums">{formatUsd(t.sellerPayout)}</td>
                      <td>
                        <PayoutStatusBadge status={t.status} />
                      </td>
                      <td className="text-sm">
                        <span data-testid="payout-paid">{paidText(t)}</span>
                        {t.payoutMethod && (
                          <span className="block text-xs text-base-content/70">
                            {methodLabel(t.payoutMethod)}
                            {t.reference ? ` · ${t.reference}` : ''}
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </ListCard>
      <SellerStatement />
    </div>
  );
}
