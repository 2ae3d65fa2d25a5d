// The seller's side of information requests and document access (issue 14, points 5 and 8): the
// questions the evaluation team asked, an answer form for each open one (text and documents, the
// same upload rules as the submission), and who from the team opened which document, and when.
import { useId, useState } from 'react';
import { Field } from '~/components/forms/field.tsx';
import { SectionCard } from '~/components/list-card.tsx';
import { serverMessage } from '~/client/errors.ts';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { revoked, useCapability } from '~/client/use-capability.ts';
import { CapabilityNotice } from '~/components/permissions/capability-notice.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { FileDropArea } from '~/components/submission/file-drop-area.tsx';
import { useDocumentUploads } from '~/components/submission/use-document-uploads.ts';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { formatDateTime, formatFileSize, countOf } from '~/shared/format.ts';
import { INFO_ANSWER_ACCEPTED_EXTENSIONS } from '~/shared/constants.ts';
import { INFO_TEXT_MAX, answerInfoForm } from '~/shared/schemas/info-requests.ts';

type InfoRequest = RouterOutputs['infoRequests']['forPrototype'][number];

/** "Action needed" beside a prototype with unanswered questions. */
export function ActionNeededBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="badge badge-warning gap-1 whitespace-nowrap" data-testid="action-needed">
      Action needed
      <span className="sr-only">: {countOf(count, 'question')} from the evaluation team to answer</span>
    </span>
  );
}

/** The prototype page's "Information requests" section (shown once there is a request). */
export function InfoRequestsSection({ prototypeId, canAnswer }: { prototypeId: number; canAnswer: boolean }) {
  const query = trpc.infoRequests.forPrototype.useQuery({ id: prototypeId });
  if (query.isLoading) return <Spinner label="Loading information requests" className="py-6" />;
  if (query.isError) {
    return (
      <p role="alert" className="alert alert-error">
        {serverMessage(query.error, 'Failed to load the information requests.')}
      </p>
    );
  }
  const requests = query.data ?? [];
  if (requests.length === 0) return null;
  const open = requests.filter((r) => r.answeredAt === null);
  return (
    <SectionCard
      titleId="info-requests-title"
      title="Information requests"
      testId="info-requests"
      headerClassName="flex flex-wrap items-center gap-2"
      aside={<ActionNeededBadge count={open.length} />}
    >
      {open.length > 0 && <p className="mt-1 text-sm text-base-content/70">The evaluation team needs more information to continue. Please answer below.</p>}
      <ol className="mt-4 flex flex-col gap-4">
        {[...open, ...requests.filter((r) => r.answeredAt !== null)].map((request) => (
          <li key={request.id} className="rounded-box border border-base-300 p-4">
            <InfoRequestItem request={request} canAnswer={canAnswer} />
          </li>
        ))}
      </ol>
    </SectionCard>
  );
}

function InfoRequestItem({ request, canAnswer }: { request: InfoRequest; canAnswer: boolean }) {
  return (
    <article aria-label={`Question of ${formatDateTime(request.createdAt)}`} className="flex flex-col gap-3">
      <div>
        <p className="text-xs text-base-content/75">
          Asked {formatDateTime(request.createdAt)}
          {request.askedBy ? ` by ${request.askedBy}` : ''}
          {request.wantsDocuments ? ' · documents requested' : ''}
        </p>
        <p className="mt-1 whitespace-pre-line font-medium">{request.question}</p>
      </div>
      {request.answeredAt !== null ? (
        <div className="border-l-4 border-success/60 pl-3">
          <p className="text-xs text-base-content/75">Your answer, {formatDateTime(request.answeredAt)}</p>
          <p className="mt-1 whitespace-pre-line">{request.answer}</p>
          <AnswerDocuments documents={request.documents} />
        </div>
      ) : canAnswer ? (
        <AnswerGate request={request} />
      ) : (
        <p className="text-sm text-base-content/70">Waiting for the seller&apos;s answer.</p>
      )}
    </article>
  );
}

export function AnswerDocuments({ documents }: { documents: InfoRequest['documents'] }) {
  if (documents.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-col gap-1" aria-label="Documents sent with the answer">
      {documents.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-2 text-sm">
          <a href={`/api/documents/${d.id}`} download={d.fileName} className="link link-primary break-all">
            {d.fileName}
          </a>
          <span className="text-xs text-base-content/75">{formatFileSize(d.fileSize)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The answer form, or why the seller cannot answer now (messages.reply revoked: until when, the reason). */
function AnswerGate({ request }: { request: InfoRequest }) {
  const answerRevoked = revoked(useCapability('messages.reply'));
  if (answerRevoked) return <CapabilityNotice state={answerRevoked} />;
  return <AnswerForm request={request} />;
}

function AnswerForm({ request }: { request: InfoRequest }) {
  const answerId = useId();
  const errorId = `${answerId}-error`;
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const uploads = useDocumentUploads(INFO_ANSWER_ACCEPTED_EXTENSIONS);
  const uploadRevoked = revoked(useCapability('documents.upload'));
  const utils = trpc.useUtils();
  const send = trpc.infoRequests.answer.useMutation();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = answerInfoForm.safeParse({ answer });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Answer is required');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      // Documents first: only an open request takes them. A failed file keeps the answer unsent
      // (and the text where it is), so the seller can retry or remove it.
      if (uploads.files.some((f) => f.state !== 'done')) {
        const { failed } = await uploads.uploadAll(request.prototypeId, `/api/seller/info-requests/${request.id}/documents`);
        if (failed.length > 0) {
          toastError(failed.map((f) => `${f.name}: ${f.message}`).join('; '));
          return;
        }
      }
      await send.mutateAsync({ id: request.id, answer: parsed.data.answer });
      toast({ title: 'Answer sent', description: 'The evaluation team has been notified.' });
      uploads.clear();
      setAnswer('');
      await Promise.all([utils.infoRequests.invalidate(), utils.prototypes.invalidate()]);
    } catch (failure) {
      toastError('Failed to send your answer. Please try again.', failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 border-t border-base-300 pt-3" noValidate>
      <Field name={answerId} label="Your answer">
        <textarea
          id={answerId}
          name="answer"
          rows={4}
          maxLength={INFO_TEXT_MAX}
          value={answer}
          onChange={(e) => {
            setAnswer(e.target.value);
            if (error) setError(null);
          }}
          className="textarea textarea-bordered w-full"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${answerId}-count${error ? ` ${errorId}` : ''}`}
          disabled={busy}
        />
        <div className="flex flex-wrap justify-between gap-2 text-xs">
          {error ? (
            <span id={errorId} className="text-error">
              {error}
            </span>
          ) : (
            <span />
          )}
          <span id={`${answerId}-count`} className="tabular-nums text-base-content/75">
            {answer.length} / {INFO_TEXT_MAX} characters
          </span>
        </div>
      </Field>
      {uploadRevoked ? (
        <CapabilityNotice state={uploadRevoked} />
      ) : (
        <FileDropArea
          label={request.wantsDocuments ? 'Documents (requested)' : 'Documents (optional)'}
          files={uploads.files}
          refused={uploads.refused}
          onAdd={uploads.add}
          onRemove={uploads.remove}
          disabled={busy}
          accepted={INFO_ANSWER_ACCEPTED_EXTENSIONS}
        />
      )}
      <button type="submit" className="btn btn-primary self-end" disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Send answer
      </button>
    </form>
  );
}

/** "page 4" or "pages 1–3, 5, 2" for a run of page views, in the order viewed (a range when pages follow one another). */
function pagesText(pages: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length;) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j += 1;
    parts.push(j > i ? `${pages[i]}–${pages[j]}` : String(pages[i]));
    i = j + 1;
  }
  return `${pages.length === 1 ? 'page' : 'pages'} ${parts.join(', ')}`;
}

type AccessRow = { kind: 'download' | 'page_view' | 'attestation' | 'denied'; fileName: string | null; openedBy: string; pages: number[] | null };

/** What a row of the access record says, in words. */
function accessSentence(row: AccessRow): { what: string; by: string } {
  const file = row.fileName ?? 'a removed document';
  switch (row.kind) {
    case 'download':
      return { what: file, by: `Downloaded a copy: ${row.openedBy}` };
    case 'page_view':
      return { what: file, by: `Viewed ${pagesText(row.pages ?? [])}: ${row.openedBy}` };
    case 'attestation':
      return { what: 'Confidentiality attestation', by: `Attested no conflict and confidentiality: ${row.openedBy}` };
    case 'denied':
      return { what: row.fileName ?? 'Confidential content', by: `Refused access: ${row.openedBy}` };
  }
}

/**
 * The prototype page's "Document access": the access record's rows about this prototype (downloads,
 * page views, attestations, refusals), who and when, each with the start of its hash; a CSV with every hash.
 */
export function DocumentAccessSection({ prototypeId }: { prototypeId: number }) {
  const query = trpc.documentAccess.forPrototype.useQuery({ id: prototypeId });
  return (
    <SectionCard
      titleId="document-access-title"
      title="Document access"
      testId="document-access"
      aside={
        query.data &&
        query.data.length > 0 && (
          <a className="btn btn-ghost btn-sm" href={`/api/seller/prototypes/${prototypeId}/document-access?format=csv`} download>
            Download CSV<span className="sr-only"> of the document access record, with each row&apos;s hash</span>
          </a>
        )
      }
    >
      <p className="mt-1 text-sm text-base-content/70">
        Every time someone from the evaluation team opens one of your documents, reads its pages, attests confidentiality or is refused, it is listed here. Each
        row carries a fingerprint (SHA-256) of the record so far: a changed or removed row would show.
      </p>
      {query.isLoading ? (
        <Spinner label="Loading document access" className="py-4" />
      ) : query.isError ? (
        <p role="alert" className="mt-3 text-sm text-error">
          {serverMessage(query.error, 'Failed to load document access.')}
        </p>
      ) : !query.data || query.data.length === 0 ? (
        <p className="mt-3 text-sm">No one from the evaluation team has opened your documents yet.</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-base-300">
          {query.data.map((row) => {
            const { what, by } = accessSentence(row);
            return (
              <li key={row.id} className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:justify-between sm:gap-4" data-kind={row.kind}>
                <span className="min-w-0 break-all font-medium">{what}</span>
                <span className="text-base-content/70">
                  {by}, <time dateTime={new Date(row.openedAt).toISOString()}>{formatDateTime(row.openedAt)}</time>{' '}
                  <span className="font-mono text-xs" title={row.hash}>
                    <span className="sr-only">fingerprint </span>
                    {row.hash.slice(0, 10)}…
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
