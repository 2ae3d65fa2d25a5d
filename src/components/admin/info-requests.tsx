// The admin's side of information requests (issue 14, point 5): "Ask the seller" on a prototype,
// the exchange (questions, answers, documents) under it, and the open requests across prototypes.
import { AdminDocumentLinks } from '~/components/documents/admin-document-links.tsx';
import { useState } from 'react';
import { serverMessage } from '~/client/errors.ts';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { Field } from '~/components/forms/field.tsx';
import { DialogActions, ModalDialog } from '~/components/modal-dialog.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { formatDateTime } from '~/shared/format.ts';
import { INFO_TEXT_MAX, askInfoForm } from '~/shared/schemas/info-requests.ts';
import type { PrototypeStatus } from '~/shared/constants.ts';
import type { PrototypeStage } from '~/shared/prototype-stages.ts';
import { questionRefusal } from '~/shared/prototype-workflow.ts';
import type { SetSearch } from './admin-search.ts';
import { GuardedButton } from './guarded-button.tsx';

type Outputs = RouterOutputs['infoRequests'];
type ExchangeItem = Outputs['forPrototype'][number];

/** Under a prototype of the admin list: "Ask the seller", and the exchange once opened. */
export function InfoRequestExchange({
  prototype,
  initiallyOpen = false,
}: {
  prototype: { id: number; prototypeName: string; status: PrototypeStatus; stage: PrototypeStage };
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [asking, setAsking] = useState(false);
  const refusal = questionRefusal(prototype);
  return (
    <div className="mt-3 flex flex-col gap-2" data-testid="info-exchange">
      <div className="flex flex-wrap items-start gap-2">
        <button type="button" className="btn btn-outline btn-xs" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {open ? 'Hide information requests' : 'Information requests'}
        </button>
        <GuardedButton refusal={refusal} className="btn-outline btn-xs" onClick={() => setAsking(true)}>
          Ask the seller
        </GuardedButton>
      </div>
      {open && <Exchange prototypeId={prototype.id} />}
      <AskSellerDialog prototype={asking ? prototype : null} onClose={() => setAsking(false)} onAsked={() => setOpen(true)} />
    </div>
  );
}

function Exchange({ prototypeId }: { prototypeId: number }) {
  const query = trpc.infoRequests.forPrototype.useQuery({ id: prototypeId });
  if (query.isLoading) return <p className="text-sm text-base-content/70">Loading information requests…</p>;
  if (query.isError) return <p className="text-sm text-error">{serverMessage(query.error, 'Failed to load the information requests.')}</p>;
  const items = query.data ?? [];
  if (items.length === 0) return <p className="text-sm text-base-content/70">No questions asked yet.</p>;
  return (
    <ol className="flex flex-col gap-2" aria-label="Information requests">
      {items.map((item) => (
        <li key={item.id} className="rounded-box border border-base-300 p-3 text-sm">
          <ExchangeEntry item={item} />
        </li>
      ))}
    </ol>
  );
}

function ExchangeEntry({ item }: { item: ExchangeItem }) {
  const askedBy = 'askedByName' in item ? item.askedByName : item.askedBy;
  return (
    <>
      <p className="text-xs text-base-content/70">
        Asked {formatDateTime(item.createdAt)}
        {askedBy ? ` by ${askedBy}` : ''}
        {item.wantsDocuments ? ' · documents requested' : ''}
      </p>
      <p className="whitespace-pre-line font-medium">{item.question}</p>
      {item.answeredAt === null ? (
        <span className="badge badge-warning badge-sm mt-1">Waiting for the seller</span>
      ) : (
        <div className="mt-1 border-l-4 border-success/60 pl-2">
          <p className="text-xs text-base-content/70">Answered {formatDateTime(item.answeredAt)}</p>
          <p className="whitespace-pre-line">{item.answer}</p>
          {item.documents.length > 0 && (
            <ul className="mt-1 flex flex-wrap gap-2" aria-label="Documents sent with the answer">
              {item.documents.map((d) => (
                <li key={d.id}>
                  <AdminDocumentLinks document={d} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}

function AskSellerDialog({
  prototype,
  onClose,
  onAsked,
}: {
  prototype: { id: number; prototypeName: string } | null;
  onClose: () => void;
  onAsked: () => void;
}) {
  const utils = trpc.useUtils();
  const form = useZodForm(askInfoForm, { question: '', wantsDocuments: false as boolean });
  const ask = trpc.infoRequests.ask.useMutation({
    onSuccess: () => {
      toast({ title: 'Question sent to the seller' });
      form.reset();
      onAsked();
      onClose();
      void utils.infoRequests.invalidate();
    },
    // The typed question stays in the dialog.
    onError: (error) => toastError('Failed to send the question', error),
  });
  const submit = form.submit((input) => {
    if (prototype) ask.mutate({ id: prototype.id, question: input.question, wantsDocuments: input.wantsDocuments });
  });
  const question = String(form.values.question);
  return (
    <ModalDialog
      open={!!prototype}
      onClose={onClose}
      title="Ask the seller"
      description={prototype && <>A question about “{prototype.prototypeName}”. The seller is notified and answers on the prototype&apos;s page.</>}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <Field name="question" label="Question" error={form.errors.question} hint={`${question.length} / ${INFO_TEXT_MAX} characters`}>
          <textarea {...form.field('question')} className="textarea textarea-bordered w-full" rows={5} maxLength={INFO_TEXT_MAX} />
        </Field>
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="wantsDocuments"
            className="checkbox checkbox-sm"
            checked={Boolean(form.values.wantsDocuments)}
            onChange={(e) => form.setValue('wantsDocuments', e.target.checked)}
          />
          Ask for documents
        </label>
        <DialogActions onCancel={onClose} submitLabel="Send question" pending={ask.isPending} />
      </form>
    </ModalDialog>
  );
}

/** Above the prototype list: how many questions wait for sellers, and which (oldest first). */
export function OpenInfoRequestsPanel({ setSearch }: { setSearch: SetSearch }) {
  const query = trpc.infoRequests.openForAdmin.useQuery();
  if (!query.data || query.data.total === 0) return null;
  const { total, items } = query.data;
  return (
    <details className="collapse-arrow collapse mb-4 border border-warning/60 bg-base-100" data-testid="open-info-requests">
      <summary className="collapse-title min-h-0 py-3 text-sm font-semibold">
        Open requests <span className="badge badge-warning badge-sm ml-1">{total}</span>
        <span className="sr-only"> questions waiting for sellers&apos; answers</span>
      </summary>
      <div className="collapse-content">
        <ul className="flex flex-col divide-y divide-base-300 text-sm">
          {items.map((item) => (
            <li key={item.id} className="flex flex-col gap-0.5 py-2">
              <span>
                <button
                  type="button"
                  className="link link-primary font-medium"
                  onClick={() => setSearch({ q: String(item.prototypeId), cursor: undefined, dir: undefined })}
                >
                  {item.prototypeName}
                </button>{' '}
                <span className="text-base-content/70">
                  · {item.sellerName} · asked {formatDateTime(item.createdAt)}
                </span>
              </span>
              <span className="line-clamp-2">{item.question}</span>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
