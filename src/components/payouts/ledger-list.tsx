// Ledger rows as people read them (issue 15, point 7): when, what, the signed amount and the running
// balance after it; the seller too when an admin reads several sellers' rows, and then the balance is
// named as that seller's own (a running balance never spans sellers). One list for the seller's
// statement, the admin ledger and the admin user page.
import { Link } from '@tanstack/react-router';
import type { RouterOutputs } from '~/client/trpc.ts';
import { formatDateTime, formatUsd } from '~/shared/format.ts';
import { LEDGER_ENTRY_TYPES } from '~/shared/ledger.ts';

type StatementRow = RouterOutputs['ledger']['mine']['items'][number];
type AdminRow = RouterOutputs['ledger']['admin']['items'][number];

export function LedgerList({ rows, label, oneSeller = true }: { rows: (StatementRow | AdminRow)[]; label: string; oneSeller?: boolean }) {
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-base-200" data-testid="ledger-rows">
      {rows.map((row) => {
        const credit = !row.amount.startsWith('-');
        return (
          <li key={row.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3" data-testid="ledger-row">
            <div className="min-w-48 flex-1">
              <p className="font-medium">{LEDGER_ENTRY_TYPES[row.type]}</p>
              <p className="break-words text-sm">{row.description}</p>
              <p className="text-xs text-base-content/70">
                {formatDateTime(row.createdAt)}
                {row.reference && ` · ${row.reference}`}
                {'seller' in row && (
                  <>
                    {' · '}
                    <Link to="/admin/users/$userId" params={{ userId: row.seller.id }} className="link link-hover">
                      {row.seller.name}
                    </Link>
                  </>
                )}
              </p>
            </div>
            <dl className="grid shrink-0 grid-cols-[auto_auto] gap-x-3 text-right text-sm tabular-nums">
              <dt className="text-base-content/70">Amount</dt>
              <dd className="whitespace-nowrap font-semibold" data-testid="ledger-amount">
                {credit ? '+' : ''}
                {formatUsd(row.amount)}
              </dd>
              <dt className="text-base-content/70">{!oneSeller && 'seller' in row ? `${row.seller.name.split(' ')[0]}’s balance` : 'Balance'}</dt>
              <dd className="whitespace-nowrap" data-testid="ledger-balance">
                {formatUsd(row.balance)}
              </dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
