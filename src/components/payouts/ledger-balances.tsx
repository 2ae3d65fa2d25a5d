// Each seller's balance on the admin ledger (issue 34, point 12): what was owed, sent and reversed,
// and what the platform still owes them, largest first; choosing a seller filters the ledger to them.
import type { RouterOutputs } from '~/client/trpc.ts';
import { formatUsd } from '~/shared/format.ts';
import { ListCard, TableHead, right } from '~/components/list-card.tsx';

type SellerBalance = RouterOutputs['ledger']['summary']['sellers'][number];

const COLUMNS = ['Seller', right('Owed'), right('Sent'), right('Reversed'), right('Balance')];

/** The seller's name as a button that filters the ledger to them. */
function ChooseSeller({ seller, onChoose }: { seller: SellerBalance; onChoose: (id: string) => void }) {
  return (
    <button
      type="button"
      className="link link-primary text-left font-medium"
      onClick={() => onChoose(seller.id)}
      aria-label={`${seller.name}: show only their entries`}
    >
      {seller.name}
    </button>
  );
}

export function SellerBalances({ sellers, more, onChoose }: { sellers: SellerBalance[]; more: boolean; onChoose: (id: string) => void }) {
  return (
    <ListCard titleId="ledger-balances-title" title="Balance per seller" className="mt-6">
      <p className="text-sm text-base-content/70">
        What the platform still owes each seller, largest first{more ? `; the first ${sellers.length} are listed, choose a seller above for any other` : ''}.
      </p>
      <ul className="mt-3 flex flex-col divide-y divide-base-200 md:hidden" aria-label="Balance per seller">
        {sellers.map((s) => (
          <li key={s.id} className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="seller-balance">
            <div className="min-w-0">
              <ChooseSeller seller={s} onChoose={onChoose} />
              <p className="break-all text-xs text-base-content/70">{s.email}</p>
              <p className="text-xs text-base-content/70">
                Owed {formatUsd(s.due)} · sent {formatUsd(s.sent)}
                {s.reversed !== '0.00' && ` · reversed ${formatUsd(s.reversed)}`}
              </p>
            </div>
            {/* ml-auto: right-aligned like the others when a long line above pushes it onto its own line. */}
            <span className="ml-auto whitespace-nowrap font-semibold tabular-nums">{formatUsd(s.balance)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-3 hidden overflow-x-auto md:block">
        <table className="table">
          <caption className="sr-only">Balance per seller</caption>
          <TableHead columns={COLUMNS} />
          <tbody>
            {sellers.map((s) => (
              <tr key={s.id} data-testid="seller-balance-row">
                <th scope="row" className="font-normal">
                  <ChooseSeller seller={s} onChoose={onChoose} />
                  <span className="block text-xs text-base-content/70">{s.email}</span>
                </th>
                <td className="whitespace-nowrap text-right tabular-nums">{formatUsd(s.due)}</td>
                <td className="whitespace-nowrap text-right tabular-nums">{formatUsd(s.sent)}</td>
                <td className="whitespace-nowrap text-right tabular-nums">{formatUsd(s.reversed)}</td>
                <td className="whitespace-nowrap text-right font-semibold tabular-nums">{formatUsd(s.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ListCard>
  );
}
