// The negotiation as the seller sees it (issue 14): every quote, newest first, with their answer to
// each; a revised quote still waiting for their answer says so.
import { formatDateTime, formatUsd, stateInSentence } from '~/shared/format.ts';
import type { PrototypeDetail } from './types.ts';

export function QuoteHistory({ prototype }: { prototype: PrototypeDetail }) {
  const versions = prototype.quoteVersions;
  if (versions.length === 0) return null;
  const [current] = versions;
  const revisedAwaiting = versions.length > 1 && prototype.status === 'quoted' && !current?.sellerResponse;
  return (
    <div className="flex flex-col gap-3">
      {revisedAwaiting && (
        <p role="status" className="alert alert-info text-sm" data-testid="revised-quote-notice">
          The quote has been revised to {formatUsd(current?.amount ?? 0)} and awaits your answer.
        </p>
      )}
      {versions.length > 1 && (
        <section aria-labelledby="quote-history-title" className="rounded-box border border-base-300 bg-base-100 p-4">
          <h3 id="quote-history-title" className="text-sm font-semibold">
            Quote history
          </h3>
          <ol className="mt-2 flex flex-col divide-y divide-base-300" data-testid="quote-history">
            {versions.map((v, index) => (
              <li key={v.id} className="flex flex-col gap-0.5 py-2 text-sm">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="whitespace-nowrap font-semibold tabular-nums">{formatUsd(v.amount)}</span>
                  <span className="text-base-content/70">{index === 0 ? 'Current quote' : 'Earlier quote'}</span>
                  <span className="text-base-content/70">· {formatDateTime(v.quotedAt)}</span>
                </p>
                {v.notes && <p className="text-base-content/75">{v.notes}</p>}
                <p>
                  {v.sellerResponse ? (
                    <>
                      You {stateInSentence(v.sellerResponse)} it{v.sellerResponseAt ? ` on ${formatDateTime(v.sellerResponseAt)}` : ''}
                      {v.sellerResponseNote && <span className="text-base-content/70"> — “{v.sellerResponseNote}”</span>}
                    </>
                  ) : (
                    <span className="text-base-content/70">{index === 0 ? 'Not answered yet' : 'Replaced before you answered'}</span>
                  )}
                </p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
