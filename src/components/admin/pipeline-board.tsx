// The pipeline board (issue 14 point 10): a column per stage with its count and newest cards
// (priority, lead reviewer, the review promise's due badge, final scores). Below xl the six
// columns scroll sideways with snap; closed prototypes sit collapsed underneath.
import { Link } from '@tanstack/react-router';
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { QueryView } from '~/components/query-view.tsx';
import { ENERGY_TYPES, LEVELS } from '~/shared/constants.ts';
import { energyTypeLabel, formatDate, formatNumber, stateLabel, countOf } from '~/shared/format.ts';
import { STAGES } from '~/shared/prototype-stages.ts';
import { type AdminSearch, type SetSearch, boardQueryInput } from './admin-search.ts';
import { priorityBadgeClass } from './badges.tsx';
import { DUE_STATE_CLASSES, PROMISE_LABELS } from './due-badges.tsx';
import { FilterSelects, bindFilters } from './list-parts.tsx';
import { NoMatches, clearListFilters } from '~/components/no-matches.tsx';
import { DAY_MS } from '~/shared/days.ts';

type Board = RouterOutputs['pipeline']['board'];
type Column = Board['columns'][number];
type Card = Column['cards'][number];
type Due = NonNullable<Card['due']>;

export function PipelineBoard({ search, setSearch }: { search: AdminSearch; setSearch: SetSearch }) {
  const board = trpc.pipeline.board.useQuery(boardQueryInput(search), { placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="pipeline-heading">
      <h2 id="pipeline-heading" className="sr-only">
        Pipeline board
      </h2>
      <BoardFilters search={search} setSearch={setSearch} />
      <QueryView
        query={board}
        what="the pipeline board"
        isEmpty={(data) => data.columns.every((c) => c.total === 0)}
        empty={
          <NoMatches
            message={search.mine ? 'No prototypes where you are the lead reviewer match these filters.' : 'No prototypes match these filters.'}
            onClear={clearListFilters('prototypes', search, setSearch)}
          />
        }
      >
        {(data) => {
          const open = data.columns.filter((c) => c.stage !== 'closed');
          const closed = data.columns.find((c) => c.stage === 'closed');
          return (
            <div className="mt-4 flex flex-col gap-4" aria-busy={board.isFetching} data-testid="pipeline-board">
              <div
                data-testid="board-columns"
                className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 xl:mx-0 xl:grid xl:snap-none xl:grid-cols-6 xl:overflow-visible xl:px-0"
              >
                {open.map((column) => (
                  <StageColumn key={column.stage} column={column} now={data.now} />
                ))}
              </div>
              {closed && <ClosedColumn column={closed} now={data.now} />}
            </div>
          );
        }}
      </QueryView>
    </section>
  );
}

function BoardFilters({ search, setSearch }: { search: AdminSearch; setSearch: SetSearch }) {
  const select = bindFilters(search, setSearch);
  return (
    <div className="grid grid-cols-2 items-end gap-2 rounded-box border border-base-300 bg-base-100 p-4 md:grid-cols-4">
      <FilterSelects
        filters={[
          select('energy', 'board-filter-energy', 'Energy type', 'All', ENERGY_TYPES, energyTypeLabel),
          select('priority', 'board-filter-priority', 'Priority', 'All', LEVELS, stateLabel),
        ]}
      />
      <label className="col-span-2 flex cursor-pointer items-center gap-2 py-1 text-sm md:col-span-1">
        <input
          type="checkbox"
          className="checkbox checkbox-sm checkbox-primary"
          checked={search.mine ?? false}
          onChange={(e) => setSearch({ mine: e.target.checked || undefined })}
        />
        Only where I am lead reviewer
      </label>
    </div>
  );
}

function ColumnHeader({ column, headingId }: { column: Column; headingId: string }) {
  return (
    <header className="flex flex-col gap-0.5">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {stateLabel(column.stage)}
        </h3>
        <span className="badge badge-neutral badge-sm tabular-nums" aria-hidden="true">
          {formatNumber(column.total)}
        </span>
      </div>
      <p className="text-xs text-base-content/70">{STAGES[column.stage].description}</p>
    </header>
  );
}

function CardList({ column, now, label }: { column: Column; now: Date; label: string }) {
  if (column.total === 0) return <p className="rounded-box border border-dashed border-base-300 p-4 text-center text-sm text-base-content/70">None</p>;
  return (
    <>
      <ul aria-label={label} className="flex flex-col gap-2" data-testid={`board-column-${column.stage}`}>
        {column.cards.map((card) => (
          <BoardCard key={card.id} card={card} now={now} />
        ))}
      </ul>
      {column.total > column.cards.length && (
        <p className="text-xs text-base-content/70">
          Showing the newest {formatNumber(column.cards.length)} of {formatNumber(column.total)}
        </p>
      )}
    </>
  );
}

const columnLabel = (column: Column) => `${stateLabel(column.stage)}: ${countOf(column.total, 'prototype')}`;

function StageColumn({ column, now }: { column: Column; now: Date }) {
  const headingId = `board-${column.stage}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex w-[min(82vw,18rem)] shrink-0 snap-start flex-col gap-3 rounded-box bg-base-200 p-3 xl:w-auto xl:min-w-0"
    >
      <ColumnHeader column={column} headingId={headingId} />
      <CardList column={column} now={now} label={columnLabel(column)} />
    </section>
  );
}

function ClosedColumn({ column, now }: { column: Column; now: Date }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const headingId = `board-${column.stage}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-200/60 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ColumnHeader column={column} headingId={headingId} />
        {column.total > 0 && (
          <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
            {open ? 'Hide closed' : `Show closed (${formatNumber(column.total)})`}
          </button>
        )}
      </div>
      <div id={listId} hidden={!open} className="grid gap-2">
        {open && <CardList column={column} now={now} label={columnLabel(column)} />}
      </div>
    </section>
  );
}

function BoardCard({ card, now }: { card: Card; now: Date }) {
  const hasScores = card.technicalFeasibility !== null || card.commercialViability !== null || card.trl !== null;
  return (
    <li
      className="relative flex flex-col gap-1.5 rounded-box border border-base-300 bg-base-100 p-3 text-sm shadow-sm focus-within:outline-2 focus-within:outline-primary hover:border-primary"
      data-testid="board-card"
      data-prototype-id={card.id}
    >
      <h4 className="font-semibold leading-snug break-words">
        {/* The link covers the card (after:inset-0), so a click anywhere on it opens the prototype's evaluation. */}
        <Link
          to="/admin-panel/prototypes/$prototypeId/evaluation"
          params={{ prototypeId: String(card.id) }}
          search={{ from: 'board' }}
          className="after:absolute after:inset-0 focus:outline-none hover:underline"
        >
          {card.prototypeName}
        </Link>
      </h4>
      <p className="text-xs text-base-content/70">
        {card.inventorName} · {energyTypeLabel(card.energyType)} · #{card.id}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        {/* Solid, not the list's outline badge: yellow text on white is too faint for a small card. */}
        <span className={`badge badge-sm whitespace-nowrap ${priorityBadgeClass(card.priority)}`}>{stateLabel(card.priority)} priority</span>
        {card.due && <DueBadge due={card.due} now={now} />}
      </div>
      <p className="text-xs">
        <span className="text-base-content/70">Lead: </span>
        {card.leadName ?? <span className="text-base-content/70">unassigned</span>}
      </p>
      {hasScores && (
        <dl className="flex flex-wrap gap-x-3 text-xs tabular-nums" aria-label="Final scores">
          {card.technicalFeasibility !== null && <Score term="Tech" title="Technical feasibility" value={`${card.technicalFeasibility}/100`} />}
          {card.commercialViability !== null && <Score term="Comm" title="Commercial viability" value={`${card.commercialViability}/100`} />}
          {card.trl !== null && <Score term="TRL" title="Technology readiness level" value={`${card.trl}/9`} />}
        </dl>
      )}
    </li>
  );
}

function Score({ term, title, value }: { term: string; title: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-base-content/70">
        <abbr title={title} className="no-underline">
          {term}
        </abbr>
        <span className="sr-only"> ({title})</span>
      </dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

/** "Overdue by 3 days", "Due in 2 days", "Met": how the promise stands at the board's time. */
function dueLabel(due: Due, now: Date): string {
  const days = Math.ceil((due.dueAt.getTime() - now.getTime()) / DAY_MS);
  switch (due.state) {
    case 'met':
      return 'Met';
    case 'met_late':
      return 'Met late';
    case 'overdue':
      return `Overdue by ${countOf(Math.max(1, Math.floor((now.getTime() - due.dueAt.getTime()) / DAY_MS)), 'day')}`;
    default:
      return days <= 0 ? 'Due today' : `Due in ${countOf(days, 'day')}`;
  }
}

function DueBadge({ due, now }: { due: Due; now: Date }) {
  const what = PROMISE_LABELS[due.which];
  const when = due.metAt ? `met ${formatDate(due.metAt)}` : `due ${formatDate(due.dueAt)}`;
  return (
    <span className={`badge badge-sm whitespace-nowrap ${DUE_STATE_CLASSES[due.state]}`} title={`${what} ${when}`} data-testid="due-badge">
      <span className="sr-only">{what}: </span>
      {dueLabel(due, now)}
    </span>
  );
}
