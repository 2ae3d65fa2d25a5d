import { Link } from '@tanstack/react-router';
import { sellerStatusLabel } from '~/shared/deal-progress.ts';
import { energyTypeLabel, formatPercent, formatPower } from '~/shared/format.ts';
import { ScreeningBadge } from '~/components/export-control/seller-screening.tsx';
import { ActionNeededBadge } from './info-requests.tsx';
import { QuoteStatusCard } from './quote-status-card.tsx';
import type { SellerPrototype } from './types.ts';

/** One entry of Your Prototypes: name, energy type, status, description, kW and % when present, the quote card. */
export function PrototypeCard({ prototype }: { prototype: SellerPrototype }) {
  return (
    <article
      aria-labelledby={`prototype-${prototype.id}-name`}
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm"
      data-testid="prototype-card"
    >
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h3 id={`prototype-${prototype.id}-name`} className="text-lg font-semibold">
            <Link to="/prototypes/$prototypeId" params={{ prototypeId: String(prototype.id) }} className="link-hover">
              {prototype.prototypeName}
            </Link>
          </h3>
          <p className="text-sm text-base-content/70">
            {energyTypeLabel(prototype.energyType)} · Status: {sellerStatusLabel(prototype)}
          </p>
          {prototype.openInfoRequests > 0 && (
            <Link
              to="/prototypes/$prototypeId"
              params={{ prototypeId: String(prototype.id) }}
              className="mt-1 inline-flex"
              aria-label={`Action needed: answer the evaluation team's questions about ${prototype.prototypeName}`}
            >
              <ActionNeededBadge count={prototype.openInfoRequests} />
            </Link>
          )}
          {prototype.exportScreening && (
            <div className="mt-1">
              <ScreeningBadge notice={prototype.exportScreening} />
            </div>
          )}
        </div>
        <Link
          to="/prototypes/$prototypeId"
          params={{ prototypeId: String(prototype.id) }}
          className="btn btn-ghost btn-sm"
          aria-label={`View details of ${prototype.prototypeName}`}
        >
          Details
        </Link>
      </header>
      <p className="whitespace-pre-line text-sm text-base-content/85">{prototype.description}</p>
      {(prototype.powerOutput !== null || prototype.efficiency !== null) && (
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {prototype.powerOutput !== null && (
            <div className="flex gap-1.5">
              <dt className="text-base-content/70">Power output:</dt>
              <dd className="font-medium">{formatPower(prototype.powerOutput)}</dd>
            </div>
          )}
          {prototype.efficiency !== null && (
            <div className="flex gap-1.5">
              <dt className="text-base-content/70">Efficiency:</dt>
              <dd className="font-medium">{formatPercent(prototype.efficiency)}</dd>
            </div>
          )}
        </dl>
      )}
      <QuoteStatusCard prototype={prototype} />
    </article>
  );
}
