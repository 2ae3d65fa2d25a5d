import { Link } from '@tanstack/react-router';
import { Breadcrumbs } from '~/components/breadcrumbs.tsx';
import { useState } from 'react';
import { returnTo } from '~/client/auth/after-sign-in.ts';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { serverMessage } from '~/client/errors.ts';
import { trpc } from '~/client/trpc.ts';
import { revoked, useCapability } from '~/client/use-capability.ts';
import { CapabilityNotice, RevokedButton } from '~/components/permissions/capability-notice.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { StageStepper } from '~/components/stage-stepper.tsx';
import { FileDropArea } from '~/components/submission/file-drop-area.tsx';
import { useDocumentUploads } from '~/components/submission/use-document-uploads.ts';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { sellerStageNote } from '~/shared/deal-progress.ts';
import { energyTypeLabel, formatDate, formatDateTime, formatFileSize, formatPercent, formatPower, stateLabel, countOf } from '~/shared/format.ts';
import { ActionNeededBadge, DocumentAccessSection, InfoRequestsSection } from './info-requests.tsx';
import { QuoteHistory } from './quote-history.tsx';
import { QuoteStatusCard } from './quote-status-card.tsx';
import { NextMilestone, ReleasedEvaluation } from './released-evaluation.tsx';
import { ReviewPromise } from './review-promise.tsx';
import { StatusBadge } from './status-badge.tsx';
import { ReportButton } from '~/components/reports/report-button.tsx';
import { TimelineList } from './timeline-list.tsx';
import type { PrototypeDetail } from './types.ts';
import { documentUrl } from '~/shared/document-urls.ts';
import { ScreeningSection } from '~/components/export-control/seller-screening.tsx';
import { ConfidentialPanel } from '~/components/admin/confidential-panel.tsx';
import { DataRoomSection } from './data-room-section.tsx';
import { SectionCard } from '~/components/list-card.tsx';

/** The seller's page for one prototype: every field, its documents, its quote and its timeline. */
export function PrototypeDetailPage({ id }: { id: number }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label="Loading" className="py-24" />;
  if (!user) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Authentication Required</h1>
        <p className="mt-2 text-base-content/70">Please log in to see your prototypes.</p>
        <Link to="/login" search={returnTo(`/prototypes/${id}`)} className="btn btn-primary mt-6">
          Sign in
        </Link>
      </section>
    );
  }
  return <Detail id={id} userId={user.id} />;
}

function Detail({ id, userId }: { id: number; userId: string }) {
  const query = trpc.prototypes.byId.useQuery({ id });
  if (query.isLoading) return <Spinner label="Loading prototype" className="py-24" />;
  if (!query.data) {
    const notFound = query.error?.data?.httpStatus === 404 || query.error?.data?.httpStatus === 400;
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">{notFound ? 'Prototype not found' : 'Something went wrong'}</h1>
        <p className="mt-2 text-base-content/70">
          {notFound ? 'It does not exist or is not one of yours.' : serverMessage(query.error, 'Failed to load the prototype.')}
        </p>
        <Link to="/seller-dashboard" className="btn btn-primary mt-6">
          Back to dashboard
        </Link>
      </section>
    );
  }
  const p = query.data;
  const fields: [string, string | null][] = [
    ['Inventor', p.inventorName],
    ['Energy type', energyTypeLabel(p.energyType)],
    ['Stage', stateLabel(p.stage)],
    ['Priority', stateLabel(p.priority)],
    ['Power output', p.powerOutput !== null ? formatPower(p.powerOutput) : null],
    ['Efficiency', p.efficiency !== null ? formatPercent(p.efficiency) : null],
    ['Submitted', formatDateTime(p.createdAt)],
    ['Last updated', formatDateTime(p.updatedAt)],
  ];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <Breadcrumbs parent={{ to: '/seller-dashboard', label: 'Dashboard' }} current={p.prototypeName} />
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="break-words text-3xl font-bold tracking-tight">{p.prototypeName}</h1>
        <StatusBadge status={p.status} sellerResponse={p.sellerResponse} />
        <ActionNeededBadge count={p.openInfoRequests} />
        {p.sellerId === userId && (
          <span className="ml-auto">
            <ReportPrototype prototype={p} />
          </span>
        )}
      </header>

      <section aria-labelledby="progress-title" className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
        <h2 id="progress-title" className="mb-4 text-lg font-semibold">
          Progress
        </h2>
        <StageStepper stage={p.stage} note={sellerStageNote(p.stage, p)} />
      </section>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-8">
          <ScreeningSection prototypeId={p.id} notice={p.exportScreening} canAnswer={p.sellerId === userId} />
          <InfoRequestsSection prototypeId={p.id} canAnswer={p.sellerId === userId} />
          {/* In the wide column: its summary and eight figures need the room, and the side column is long already. */}
          <ReleasedEvaluation prototype={p} />
          <SectionCard titleId="details-title" title="Details">
            <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
              {fields
                .filter(([, value]) => value !== null)
                .map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-xs font-medium uppercase tracking-wide text-base-content/70">{label}</dt>
                    <dd className="font-medium">{value}</dd>
                  </div>
                ))}
            </dl>
            <h3 className="mt-6 text-xs font-medium uppercase tracking-wide text-base-content/70">Description</h3>
            {p.access?.denial ? (
              <ConfidentialPanel prototypeId={p.id} prototypeName={p.prototypeName} access={p.access} />
            ) : (
              <p className="mt-1 whitespace-pre-line">{p.description}</p>
            )}
            {p.notes && (
              <>
                <h3 className="mt-4 text-xs font-medium uppercase tracking-wide text-base-content/70">Notes</h3>
                <p className="mt-1 whitespace-pre-line">{p.notes}</p>
              </>
            )}
            {p.reviewerComments && (
              <>
                <h3 className="mt-4 text-xs font-medium uppercase tracking-wide text-base-content/70">Reviewer comments</h3>
                <p className="mt-1 whitespace-pre-line">{p.reviewerComments}</p>
              </>
            )}
            {p.declineReason && (
              <div className="mt-4 rounded-box border border-base-300 p-4" data-testid="decline-reason">
                <h3 className="text-sm font-semibold">Why it was declined: {p.declineReason.label}</h3>
                <p className="mt-1">{p.declineReason.sellerText}</p>
                <p className="mt-2">
                  <span className="font-medium">What you could do next:</span> {p.declineReason.nextStep}
                </p>
              </div>
            )}
          </SectionCard>
          <Documents prototype={p} canUpload={p.sellerId === userId} />
          {p.sellerId === userId && <DataRoomSection prototypeId={p.id} />}
        </div>
        <div className="flex flex-col gap-8">
          <ReviewPromise dueDates={p.dueDates} />
          <section aria-labelledby="quote-title" className="flex flex-col gap-3">
            <h2 id="quote-title" className="text-lg font-semibold">
              Quote
            </h2>
            <QuoteStatusCard prototype={p} />
            <QuoteHistory prototype={p} />
          </section>
          <NextMilestone prototype={p} />
          <section aria-labelledby="timeline-title" className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
            <h2 id="timeline-title" className="mb-4 text-lg font-semibold">
              Timeline
            </h2>
            <TimelineList events={p.timeline} currentUserId={userId} />
          </section>
          <DocumentAccessSection prototypeId={p.id} />
        </div>
      </div>
    </div>
  );
}

/** The seller reports a concern about their prototype, unless reports.file is revoked (then why, and until when). */
function ReportPrototype({ prototype: p }: { prototype: PrototypeDetail }) {
  const reportRevoked = revoked(useCapability('reports.file'));
  if (reportRevoked) return <RevokedButton state={reportRevoked} label="Report" className="btn btn-outline btn-sm" />;
  return <ReportButton targetType="prototype" targetId={p.id} targetLabel={`a concern about "${p.prototypeName}"`} className="btn btn-outline btn-sm" />;
}

function Documents({ prototype, canUpload }: { prototype: PrototypeDetail; canUpload: boolean }) {
  const uploads = useDocumentUploads();
  const uploadRevoked = revoked(useCapability('documents.upload', canUpload));
  const [busy, setBusy] = useState(false);
  const utils = trpc.useUtils();
  const pending = uploads.files.filter((f) => f.state !== 'done');

  async function upload() {
    setBusy(true);
    try {
      const { stored, failed } = await uploads.uploadAll(prototype.id);
      await utils.prototypes.byId.invalidate({ id: prototype.id });
      if (failed.length > 0) {
        toastError(failed.map((f) => `${f.name}: ${f.message}`).join('; '));
      } else {
        toast({ title: 'Documents uploaded', description: `${countOf(stored.length, 'document')} added.` });
        uploads.clear();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard titleId="documents-title" title="Documents">
      {prototype.documents.length === 0 ? (
        <p className="mt-3 text-sm text-base-content/70">No documents uploaded yet</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-base-300" data-testid="documents">
          {prototype.documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <div className="min-w-0">
                <p className="truncate font-medium" title={d.fileName}>
                  {d.fileName}
                </p>
                <p className="text-xs text-base-content/70">
                  {formatFileSize(d.fileSize)} · {formatDate(d.uploadedAt)}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <ViewOnlySwitch document={d} prototypeId={prototype.id} />
                {d.fileType === 'application/pdf' && (
                  <Link
                    to="/documents/$documentId"
                    params={{ documentId: String(d.id) }}
                    search={{ name: d.fileName }}
                    className="btn btn-ghost btn-sm"
                    aria-label={`Read ${d.fileName} page by page`}
                  >
                    Read
                  </Link>
                )}
                <a href={documentUrl(d.id)} download={d.fileName} className="btn btn-ghost btn-sm" aria-label={`Download ${d.fileName}`}>
                  Download
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      {canUpload && (
        <div className="mt-6 flex flex-col gap-3 border-t border-base-300 pt-5">
          {uploadRevoked ? (
            <CapabilityNotice state={uploadRevoked} />
          ) : (
            <FileDropArea label="Add documents" files={uploads.files} refused={uploads.refused} onAdd={uploads.add} onRemove={uploads.remove} disabled={busy} />
          )}
          {!uploadRevoked && pending.length > 0 && (
            <button type="button" className="btn btn-primary self-end" disabled={busy} onClick={() => void upload()}>
              {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Upload {countOf(pending.length, 'document')}
            </button>
          )}
        </div>
      )}
    </SectionCard>
  );
}

/**
 * The seller's per-document switch (issue 31, point 4): view-only documents reach the team only
 * through the reader, as stamped page images; they cannot download them.
 */
function ViewOnlySwitch({ document: d, prototypeId }: { document: PrototypeDetail['documents'][number]; prototypeId: number }) {
  const utils = trpc.useUtils();
  const setViewOnly = trpc.prototypes.setDocumentViewOnly.useMutation({
    onSuccess: async (updated) => {
      await utils.prototypes.byId.invalidate({ id: prototypeId });
      toast({
        title: updated.viewOnly ? 'View only' : 'Downloads allowed',
        description: updated.viewOnly
          ? `${updated.fileName}: the evaluation team can read it page by page but not download it.`
          : `${updated.fileName}: the evaluation team can download a watermarked copy.`,
      });
    },
    onError: (error) => toastError('The document could not be changed.', error),
  });
  // The switch shows the asked-for state from the click on (set in the change event, so the controlled
  // input never flips back for a frame while the mutation starts) until the answer and the refetch are in.
  const [asked, setAsked] = useState<boolean | null>(null);
  const checked = asked ?? d.viewOnly;
  return (
    <label className="label min-h-11 cursor-pointer gap-2 text-sm text-base-content">
      <input
        type="checkbox"
        className="toggle toggle-sm toggle-primary"
        checked={checked}
        disabled={setViewOnly.isPending}
        onChange={(event) => {
          setAsked(event.target.checked);
          setViewOnly.mutate({ id: d.id, viewOnly: event.target.checked }, { onSettled: () => setAsked(null) });
        }}
        aria-describedby={`view-only-help-${d.id}`}
      />
      View only
      <span id={`view-only-help-${d.id}`} className="sr-only">
        When on, the evaluation team can only read {d.fileName} page by page, with a watermark, and cannot download it.
      </span>
    </label>
  );
}
