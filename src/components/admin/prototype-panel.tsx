// Prototype Management (spec section 2): server-side search, filters, sorting and pages; each
// prototype with its badges, quote, seller's response and documents, and the actions the
// workflow table offers for its state.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { toastError } from '~/components/toast/toast-store.ts';
import { PROTOTYPE_ACTIONS, type PrototypeAction } from '~/shared/prototype-workflow.ts';
import { ENERGY_TYPES, PROTOTYPE_STATUSES } from '~/shared/constants.ts';
import { datedFileName, energyTypeLabel, formatPercent, formatPower, formatUsd, fullName, stateLabel } from '~/shared/format.ts';
import { PROTOTYPE_STAGES } from '~/shared/prototype-stages.ts';
import { DueBadges } from './due-badges.tsx';
import { LEVELS, PROTOTYPE_SORTS } from '~/shared/schemas/admin.ts';
import { QueryView } from '~/components/query-view.tsx';
import { useAdminFeedback } from './admin-toasts.ts';
import { type AdminSearch, type SetSearch, prototypeQueryInput } from './admin-search.ts';
import { PriorityBadge, StatusBadge } from './badges.tsx';
import { downloadText } from './download.ts';
import { ListPager } from './pager.tsx';
import { NoMatches, clearListFilters } from '~/components/no-matches.tsx';
import { FilterSelects, SearchBox, bindFilters } from './list-parts.tsx';
import { ManageDialog, QuoteDialog, RejectDialog, RejectQuoteDialog } from './prototype-dialogs.tsx';
import { ConfidentialPanel } from './confidential-panel.tsx';
import { InfoRequestExchange, OpenInfoRequestsPanel } from './info-requests.tsx';
import { ConfirmTransitionDialog, ReviseQuoteDialog, StageMoveButtons } from './lifecycle-dialogs.tsx';

const SORT_LABELS: Record<(typeof PROTOTYPE_SORTS)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name A–Z',
  feasibility: 'Technical feasibility (best first)',
  viability: 'Commercial viability (best first)',
};
import { AdminDocumentLinks } from '~/components/documents/admin-document-links.tsx';

type AdminPrototype = RouterOutputs['admin']['prototypes']['items'][number];
type DialogKind = 'reject' | 'rejectQuote' | 'quote' | 'manage' | 'reviseQuote' | 'startDevelopment' | 'markDeployed';

export function PrototypePanel({ search, setSearch }: { search: AdminSearch; setSearch: SetSearch }) {
  const input = prototypeQueryInput(search);
  const list = trpc.admin.prototypes.useQuery(input, { placeholderData: keepPreviousData });
  const [dialog, setDialog] = useState<{ kind: DialogKind; prototype: AdminPrototype } | null>(null);
  const close = () => setDialog(null);
  const target = (kind: DialogKind) => (dialog?.kind === kind ? dialog.prototype : null);

  return (
    <section aria-labelledby="prototypes-heading">
      <h2 id="prototypes-heading" className="sr-only">
        Prototype Management
      </h2>
      <OpenInfoRequestsPanel setSearch={setSearch} />
      <PrototypeFilters search={search} setSearch={setSearch} />
      <QueryView
        query={list}
        what="prototypes"
        empty={<NoMatches message="No prototypes match these filters." onClear={clearListFilters('prototypes', search, setSearch)} />}
      >
        {(page) => (
          <ul className="mt-4 flex flex-col gap-3" aria-busy={list.isFetching} data-testid="prototype-list">
            {page.items.map((prototype) => (
              <PrototypeRow key={prototype.id} prototype={prototype} onDialog={(kind) => setDialog({ kind, prototype })} />
            ))}
          </ul>
        )}
      </QueryView>
      <ListPager label="Prototype" list={list} onPage={(cursor, dir) => setSearch({ cursor, dir })} />
      <RejectDialog prototype={target('reject')} onClose={close} />
      <RejectQuoteDialog prototype={target('rejectQuote')} onClose={close} />
      <QuoteDialog prototype={target('quote')} onClose={close} />
      <ManageDialog prototype={target('manage')} onClose={close} />
      <ReviseQuoteDialog prototype={target('reviseQuote')} onClose={close} />
      <ConfirmTransitionDialog kind="startDevelopment" prototype={target('startDevelopment')} onClose={close} />
      <ConfirmTransitionDialog kind="markDeployed" prototype={target('markDeployed')} onClose={close} />
    </section>
  );
}

function PrototypeFilters({ search, setSearch }: { search: AdminSearch; setSearch: SetSearch }) {
  const exporter = trpc.admin.exportPrototypesCsv.useMutation();
  const exporting = exporter.isPending;
  const reviewerChoices = trpc.admin.reviewerChoices.useQuery();
  const apply = (patch: Partial<AdminSearch>) => setSearch({ ...patch, cursor: undefined, dir: undefined });
  const select = bindFilters(search, apply);
  const sorts = PROTOTYPE_SORTS.filter((s) => s !== 'newest');
  const reviewers = (reviewerChoices.data ?? []).map((person): [string, string] => [
    person.id,
    `${fullName(person)}${person.offTeam ? ' (off the team)' : ''}`,
  ]);
  const exportCsv = async () => {
    try {
      const { cursor: _c, direction: _d, limit: _l, ...filters } = prototypeQueryInput(search);
      downloadText(datedFileName('prototypes'), await exporter.mutateAsync(filters));
    } catch {
      toastError('Failed to export prototypes');
    }
  };
  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <SearchBox
        id="prototype-search"
        label="Search prototypes"
        placeholder="Search by name, inventor or id"
        applied={search.q}
        onSearch={(q) => apply({ q })}
      />
      <div className="grid grid-cols-2 gap-2 md:grid-cols-5">
        <FilterSelects
          filters={[
            select('status', 'filter-status', 'Status', 'All', PROTOTYPE_STATUSES, stateLabel),
            select('energy', 'filter-energy', 'Energy type', 'All', ENERGY_TYPES, energyTypeLabel),
            select('priority', 'filter-priority', 'Priority', 'All', LEVELS, stateLabel),
            select('sort', 'filter-sort', 'Sort', 'Newest first', sorts, SORT_LABELS),
            select('stage', 'filter-stage', 'Stage', 'All', PROTOTYPE_STAGES, stateLabel),
            select('reviewer', 'filter-reviewer', 'Reviewer', 'All', reviewers),
          ]}
        />
        <FilterToggle id="filter-mine" label="Needs my scorecard" checked={!!search.scorecard} onChange={(on) => apply({ scorecard: on || undefined })} />
        <FilterToggle id="filter-overdue" label="Overdue" checked={!!search.overdue} onChange={(on) => apply({ overdue: on || undefined })} />
        <div className="col-span-2 flex items-end md:col-span-1">
          <button type="button" className="btn btn-outline btn-sm w-full" onClick={exportCsv} disabled={exporting}>
            {exporting && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Export CSV
          </button>
        </div>
      </div>
    </div>
  );
}

function FilterToggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="flex min-w-0 items-end">
      {/* daisyUI's label does not wrap: on a phone's half-width column the text would run under the next toggle. */}
      <label htmlFor={id} className="label min-w-0 cursor-pointer justify-start gap-2 py-1 whitespace-normal text-base-content">
        <input id={id} type="checkbox" className="toggle toggle-primary toggle-sm" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span className="text-sm">{label}</span>
      </label>
    </div>
  );
}

function PrototypeRow({ prototype, onDialog }: { prototype: AdminPrototype; onDialog: (kind: DialogKind) => void }) {
  const headingId = `prototype-${prototype.id}-name`;
  return (
    <li
      className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm"
      aria-labelledby={headingId}
      data-testid="prototype-row"
      data-prototype-id={prototype.id}
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="text-base font-semibold">
              {prototype.prototypeName}
            </h3>
            <StatusBadge status={prototype.status} />
            <PriorityBadge priority={prototype.priority} />
            <span className="badge badge-sm badge-outline whitespace-nowrap">{stateLabel(prototype.stage)}</span>
            <DueBadges dueDates={prototype.dueDates} milestoneOverdue={prototype.milestoneOverdue} />
          </div>
          <p className="mt-1 text-sm text-base-content/70">
            Inventor: <span className="text-base-content">{prototype.inventorName}</span> · {energyTypeLabel(prototype.energyType)} · #{prototype.id}
          </p>
          <p className="text-sm text-base-content/70">
            Seller: {prototype.sellerName} ({prototype.sellerEmail}){prototype.assigneeName && <> · Reviewer: {prototype.assigneeName}</>}
          </p>
          {prototype.description !== undefined && <p className="mt-2 line-clamp-3 text-sm">{prototype.description}</p>}
          <ConfidentialPanel prototypeId={prototype.id} prototypeName={prototype.prototypeName} access={prototype.access} />
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex gap-1">
              <dt className="text-base-content/70">Stage</dt>
              <dd data-testid="prototype-stage">{stateLabel(prototype.stage)}</dd>
            </div>
            {prototype.powerOutput !== null && (
              <div className="flex gap-1">
                <dt className="text-base-content/70">Power output</dt>
                <dd className="whitespace-nowrap tabular-nums">{formatPower(prototype.powerOutput)}</dd>
              </div>
            )}
            {prototype.efficiency !== null && (
              <div className="flex gap-1">
                <dt className="text-base-content/70">Efficiency</dt>
                <dd className="whitespace-nowrap tabular-nums">{formatPercent(prototype.efficiency)}</dd>
              </div>
            )}
            {prototype.technicalFeasibility !== null && (
              <div className="flex gap-1">
                <dt className="text-base-content/70">Technical feasibility</dt>
                <dd className="whitespace-nowrap tabular-nums">{prototype.technicalFeasibility}/100</dd>
              </div>
            )}
            {prototype.commercialViability !== null && (
              <div className="flex gap-1">
                <dt className="text-base-content/70">Commercial viability</dt>
                <dd className="whitespace-nowrap tabular-nums">{prototype.commercialViability}/100</dd>
              </div>
            )}
            {prototype.trl !== null && (
              <div className="flex gap-1">
                <dt className="text-base-content/70">TRL</dt>
                <dd className="whitespace-nowrap tabular-nums">{prototype.trl}</dd>
              </div>
            )}
            {prototype.atomixQuote !== null && prototype.atomixQuote > 0 && (
              <div className="flex gap-1">
                <dt className="text-base-content/70">Quote</dt>
                <dd className="whitespace-nowrap font-semibold tabular-nums">{formatUsd(prototype.atomixQuote)}</dd>
              </div>
            )}
            {prototype.finalAmount !== null && (
              <div className="flex gap-1">
                <dt className="text-base-content/70">Final amount</dt>
                <dd className="whitespace-nowrap font-semibold tabular-nums">{formatUsd(prototype.finalAmount)}</dd>
              </div>
            )}
            <div className="flex gap-1">
              <dt className="text-base-content/70">Seller response</dt>
              <dd data-testid="seller-response">
                {prototype.sellerResponse ? (
                  <>
                    <span className={`badge badge-sm ${prototype.sellerResponse === 'accepted' ? 'badge-success' : 'badge-error'}`}>
                      {stateLabel(prototype.sellerResponse)}
                    </span>
                    {prototype.sellerResponseNote && <span className="ml-1">“{prototype.sellerResponseNote}”</span>}
                  </>
                ) : (
                  <span className="text-base-content/75">none yet</span>
                )}
              </dd>
            </div>
          </dl>
          {prototype.quoteNotes && <p className="mt-1 text-sm text-base-content/70">Quote notes: {prototype.quoteNotes}</p>}
          {prototype.reviewerComments && <p className="mt-1 text-sm text-base-content/70">Reviewer comments: {prototype.reviewerComments}</p>}
          {prototype.documents.length > 0 && (
            <div className="mt-2">
              <p className="text-sm font-medium">Documents</p>
              <ul className="mt-1 flex flex-wrap gap-2">
                {prototype.documents.map((doc) => (
                  <li key={doc.id}>
                    <AdminDocumentLinks document={doc} />
                  </li>
                ))}
              </ul>
            </div>
          )}
          <InfoRequestExchange prototype={prototype} />
        </div>
        <PrototypeActions prototype={prototype} onDialog={onDialog} />
      </div>
    </li>
  );
}

function PrototypeActions({ prototype, onDialog }: { prototype: AdminPrototype; onDialog: (kind: DialogKind) => void }) {
  const feedback = useAdminFeedback();
  const approve = trpc.admin.approve.useMutation(feedback('approve'));
  const startReview = trpc.admin.startReview.useMutation(feedback('startReview'));
  const acceptQuote = trpc.admin.acceptQuote.useMutation(feedback('acceptQuote'));
  const id = prototype.id;
  const name = prototype.prototypeName;

  const buttons: Record<Exclude<PrototypeAction, 'respondToQuote'>, { className: string; run: () => void; pending: boolean }> = {
    startReview: { className: 'btn-outline', run: () => startReview.mutate({ id }), pending: startReview.isPending },
    approve: { className: 'btn-success', run: () => approve.mutate({ id }), pending: approve.isPending },
    reject: { className: 'btn-error', run: () => onDialog('reject'), pending: false },
    quote: { className: 'btn-primary', run: () => onDialog('quote'), pending: false },
    acceptQuote: { className: 'btn-success', run: () => acceptQuote.mutate({ id, status: 'accepted' }), pending: acceptQuote.isPending },
    rejectQuote: { className: 'btn-error btn-outline', run: () => onDialog('rejectQuote'), pending: false },
    reviseQuote: { className: 'btn-primary btn-outline', run: () => onDialog('reviseQuote'), pending: false },
    startDevelopment: { className: 'btn-primary', run: () => onDialog('startDevelopment'), pending: false },
    markDeployed: { className: 'btn-success', run: () => onDialog('markDeployed'), pending: false },
  };

  return (
    <div className="flex flex-wrap gap-2 lg:w-56 lg:flex-col" role="group" aria-label={`Actions for ${name}`}>
      {prototype.actions.map((action) => {
        if (action === 'respondToQuote') return null;
        const button = buttons[action];
        return (
          <button
            key={action}
            type="button"
            className={`btn btn-sm ${button.className}`}
            onClick={button.run}
            disabled={button.pending}
            aria-label={`${PROTOTYPE_ACTIONS[action].label}: ${name}`}
          >
            {button.pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {PROTOTYPE_ACTIONS[action].label}
          </button>
        );
      })}
      <StageMoveButtons prototype={prototype} />
      <button type="button" className="btn btn-sm btn-ghost" onClick={() => onDialog('manage')} aria-label={`Manage review: ${name}`}>
        Manage
      </button>
      <Link
        to="/admin-panel/prototypes/$prototypeId/evaluation"
        params={{ prototypeId: String(id) }}
        search={{ from: 'list' }}
        className="btn btn-sm btn-ghost"
        aria-label={`Evaluation: ${name}`}
      >
        Evaluation
      </Link>
      <Link to="/admin-inbox" search={{ compose: true, prototypeId: id }} className="btn btn-sm btn-ghost" aria-label={`Message seller: ${name}`}>
        Message seller
      </Link>
    </div>
  );
}
