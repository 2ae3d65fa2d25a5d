import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { serverMessage } from '~/client/errors.ts';
import { trpc } from '~/client/trpc.ts';
import { Spinner } from '~/components/spinner.tsx';
import { StageStepper } from '~/components/stage-stepper.tsx';
import { ENERGY_TYPES, PIPELINE_STAGES } from '~/shared/constants.ts';
import { answerFromTimeline, sellerStageNote, sellerStatusLabel } from '~/shared/deal-progress.ts';
import { energyTypeLabel, formatDate, formatNumber, stateLabel } from '~/shared/format.ts';
import { statusAfter, timelineSentence } from '~/shared/timeline-text.ts';
import { StatusBadge } from './status-badge.tsx';
import { SubmitPrototypeLink } from './submit-prototype-link.tsx';
import type { PipelineItem, Portfolio } from './types.ts';

/** /prototype-tracker: a seller's pipeline, or for guests the public portfolio (counts only). */
export function PrototypeTracker() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label="Loading tracker" className="py-24" />;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Prototype Tracker</h1>
        <p className="mt-2 max-w-2xl text-base-content/70">
          {user
            ? 'Where each of your prototypes stands, and how it got there.'
            : 'Live projects in the Atomix portfolio, by energy type and evaluation stage. Details of each project stay confidential.'}
        </p>
      </header>
      {user ? <Pipeline /> : <PublicPortfolio />}
    </div>
  );
}

function Pipeline() {
  const query = trpc.prototypes.pipeline.useQuery();
  if (query.isLoading) return <Spinner label="Loading your prototypes" className="py-16" />;
  if (query.isError)
    return (
      <div role="alert" className="alert alert-error">
        {serverMessage(query.error, 'Failed to load your prototypes.')}
      </div>
    );
  if (!query.data?.length) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-box border border-dashed border-base-300 px-4 py-12 text-center">
        <p className="font-medium">No prototypes submitted yet</p>
        <SubmitPrototypeLink label="Submit Your First Prototype" className="btn btn-primary" />
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-6">
      {query.data.map((item) => (
        <li key={item.id}>
          <PipelineCard item={item} />
        </li>
      ))}
    </ul>
  );
}

/** Status changes recorded in the timeline, oldest first: the prototype's path so far. */
function statusHistory(item: PipelineItem) {
  return item.timeline.flatMap((event) => {
    const status = statusAfter(event);
    if (status) return [{ id: event.id, label: stateLabel(status), date: event.eventDate }];
    if (event.event === 'quote_response') return [{ id: event.id, label: timelineSentence(event), date: event.eventDate }];
    return [];
  });
}

function PipelineCard({ item }: { item: PipelineItem }) {
  const history = statusHistory(item);
  const deal = { status: item.status, sellerResponse: answerFromTimeline(item.timeline) };
  return (
    <article aria-labelledby={`pipeline-${item.id}`} className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id={`pipeline-${item.id}`} className="text-lg font-semibold">
            <Link to="/prototypes/$prototypeId" params={{ prototypeId: String(item.id) }} className="link-hover">
              {item.prototypeName}
            </Link>
          </h2>
          <p className="text-sm text-base-content/70">
            {energyTypeLabel(item.energyType)} · submitted {formatDate(item.createdAt)}
          </p>
        </div>
        <StatusBadge status={item.status} sellerResponse={deal.sellerResponse} />
      </header>
      <p className="sr-only">
        Current stage: {stateLabel(item.stage)}. Status: {sellerStatusLabel(deal)}.
      </p>
      <div className="mt-4">
        <StageStepper stage={item.stage} note={sellerStageNote(item.stage, deal)} />
      </div>
      {history.length > 0 && (
        <div className="mt-4 border-t border-base-300 pt-4">
          <h3 className="text-sm font-medium">Status history</h3>
          <ol className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/80">
            {history.map((h) => (
              <li key={h.id}>
                <span className="font-medium">{h.label}</span> <span className="text-base-content/70">{formatDate(h.date)}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </article>
  );
}

function PublicPortfolio() {
  const query = trpc.prototypes.portfolio.useQuery();
  if (query.isLoading) return <Spinner label="Loading portfolio" className="py-16" />;
  if (query.isError || !query.data) {
    return (
      <div role="alert" className="alert alert-error">
        {serverMessage(query.error, 'Failed to load the portfolio.')}
      </div>
    );
  }
  const data = query.data;
  return (
    <>
      <p className="text-lg">
        <span className="text-4xl font-bold text-primary" data-testid="portfolio-total">
          {formatNumber(data.total)}
        </span>{' '}
        {data.total === 1 ? 'prototype' : 'prototypes'} in evaluation and development
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        <CountList
          title="By energy type"
          total={data.total}
          rows={ENERGY_TYPES.map((type) => ({
            key: type,
            label: energyTypeLabel(type),
            count: data.byEnergyType.find((r) => r.energyType === type)?.count ?? 0,
          }))}
        />
        <CountList
          title="By stage"
          total={data.total}
          rows={[...PIPELINE_STAGES, 'closed'].map((stage) => ({
            key: stage,
            label: stateLabel(stage),
            count: data.byStage.find((r) => r.stage === stage)?.count ?? 0,
          }))}
        />
      </div>
      <aside className="flex flex-col items-start gap-4 rounded-box bg-primary/10 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">Have a prototype of your own?</h2>
          <p className="text-sm text-base-content/75">Sign in to follow your submissions step by step, or submit one today.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/login" className="btn btn-outline">
            Sign in
          </Link>
          <Link to="/prototype-submission" className="btn btn-primary">
            Submit Prototype
          </Link>
        </div>
      </aside>
    </>
  );
}

function CountList({ title, rows, total }: { title: string; rows: { key: string; label: string; count: number }[]; total: Portfolio['total'] }) {
  return (
    <section aria-label={title} className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-4 flex flex-col gap-3">
        {rows.map((row) => (
          <li key={row.key}>
            <div className="flex justify-between text-sm">
              <span>{row.label}</span>
              <span className="font-semibold tabular-nums">{formatNumber(row.count)}</span>
            </div>
            <progress className="progress progress-primary h-2 w-full" value={row.count} max={Math.max(total, 1)} aria-hidden="true" />
          </li>
        ))}
      </ul>
    </section>
  );
}
