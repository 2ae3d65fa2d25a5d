// Each seller's balance on the admin ledger (issue 34, point 12): what was owed, sent and reversed,
// and what the platform still owes them, largest first; choosing a seller filters the ledger to them.
import type { RouterOutputs } from '~/client/trpc.ts';
import { formatUsd } from '~/shared/format.ts';

type SellerBalance = RouterOutputs['ledger']['summary']['sellers'][number];

export function SellerBalances({ sellers, more, onChoose }: { sellers: SellerBalance[]; more: boolean; onChoose: (id: string) => void }) {
  return (
    <section aria-labelledby="ledger-balances-title" className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5">
      <h2 id="ledger-balances-title" className="text-lg font-semibold">
        Balance per seller
      </h2>
      <p className="text-sm text-base-content/70">
        What the platform still owes each seller, largest first{more ? `; the first ${sellers.length} are listed, choose a seller above for any other` : ''}.
      </p>
      <ul className="mt-3 flex flex-col divide-y divide-base-200 md:hidden" aria-label="Balance per seller">
        {sellers.map((s) => (
          <li key={s.id} className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="seller-balance">
            <div className="min-w-0">
              <button
                type="button"
                className="link link-primary text-left font-medium"
                onClick={() => onChoose(s.id)}
                aria-label={`${s.name}: show only their entries`}
              >
                {s.name}
              </button>
              <p className="break-all text-xs text-base-content/70">{s.email}</p>
              <p className="text-xs text-base-content/70">
                Owed {formatUsd(s.due)} · sent {formatUsd(s.sent)}
                {s.reversed !== '0.00' && ` · reversed ${formatUsd(s.reversed)}`}
              </p>
            </div>
            <span className="whitespace-nowrap font-semibold tabular-nums">{formatUsd(s.balance)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-3 hidden overflow-x-auto md:block">
        <table className="table">
          <caption className="sr-only">Balance per seller</caption>
          <thead>
            <tr className="text-base-content/85">
              <th scope="col">Seller</th>
              <th scope="col" className="text-right">
                Owed
              </th>
              <th scope="col" className="text-right">
                Sent
              </th>
              <th scope="col" className="text-right">
                Reversed
              </th>
              <th scope="col" className="text-right">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {sellers.map((s) => (
              <tr key={s.id} data-testid="seller-balance-row">
                <th scope="row" className="font-normal">
                  <button
                    type="button"
                    className="link link-primary text-left font-medium"
                    onClick={() => onChoose(s.id)}
                    aria-label={`${s.name}: show only their entries`}
                  >
                    {s.name}
                  </button>
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
    </section>
  );
}
