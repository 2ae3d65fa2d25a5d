// Bulk notifications: title, message, audience with its recipient count, send now / schedule / draft,
// and each one's delivery progress (kept live by the tab's stream while a delivery runs, ADR 0020).
import { useState } from 'react';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { formatDateTime, formatPercent, stateLabel, countOf } from '~/shared/format.ts';
import { FormActions } from '~/components/forms/busy-button.tsx';
import { Field } from '~/components/forms/field.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { PROTOTYPE_STATUSES, type PrototypeStatus } from '~/shared/constants.ts';
import {
  BULK_AUDIENCES,
  BULK_AUDIENCE_LABELS,
  type BulkAudience,
  type BulkCreateInput,
  MESSAGE_MAX,
  SUBJECT_MAX,
  audienceKey,
  audienceLabel,
  bulkForm,
} from '~/shared/schemas/messages.ts';
import { QueryView } from '~/components/query-view.tsx';
import { ConfirmDialog } from '~/components/modal-dialog.tsx';
import { Options } from '~/components/forms/options.tsx';

/** "12 people", "1 person". */
const people = (count: number) => countOf(count, 'person', 'people');

const STATUS_BADGE = { draft: 'badge-ghost', scheduled: 'badge-info', sending: 'badge-warning', completed: 'badge-success', failed: 'badge-error' } as const;

export function BulkPanel() {
  const list = trpc.notifications.bulkList.useQuery(undefined, { staleTime: 0 });
  const utils = trpc.useUtils();
  const refresh = () => utils.notifications.bulkList.invalidate();
  const cancel = trpc.notifications.bulkCancel.useMutation({
    onSuccess: refresh,
    onError: (e) => toastError('Failed to cancel', e),
  });
  const [sending, setSending] = useState<{ id: number; title: string; audienceLabel: string; recipientCount: number } | null>(null);
  const send = trpc.notifications.bulkSend.useMutation({
    onSuccess: () => {
      setSending(null);
      toast({ title: 'Notification is being sent' });
      void refresh();
    },
    onError: (e) => {
      setSending(null);
      toastError('Failed to send', e);
    },
  });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <BulkForm onCreated={refresh} />
      <section aria-labelledby="bulk-list-heading">
        <h2 id="bulk-list-heading" className="text-lg font-semibold">
          Sent and scheduled
        </h2>
        <QueryView query={list} what="bulk notifications" empty="No bulk notification yet.">
          {(items) => (
            <ul className="mt-4 flex flex-col gap-3" data-testid="bulk-list">
              {items.map((b) => {
                const percent = b.recipientCount ? Math.round((b.deliveredCount / b.recipientCount) * 100) : b.status === 'completed' ? 100 : 0;
                return (
                  <li key={b.id} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm" data-testid="bulk-item">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <p className="min-w-0 font-semibold">{b.title}</p>
                      <span className={`badge badge-sm whitespace-nowrap ${STATUS_BADGE[b.status]}`}>{stateLabel(b.status)}</span>
                    </div>
                    <p className="mt-1 line-clamp-3 whitespace-pre-wrap text-sm">{b.message}</p>
                    <p className="mt-2 text-xs text-base-content/70">
                      {b.audienceLabel} · created {formatDateTime(b.createdAt)}
                      {b.scheduledFor && b.status !== 'completed' && <> · scheduled for {formatDateTime(b.scheduledFor)}</>}
                      {b.completedAt && <> · completed {formatDateTime(b.completedAt)}</>}
                    </p>
                    <div className="mt-3 flex items-center gap-3">
                      <progress
                        className="progress progress-primary flex-1"
                        value={b.deliveredCount}
                        max={Math.max(1, b.recipientCount)}
                        aria-label={`Delivery of ${b.title}`}
                      />
                      <span className="whitespace-nowrap text-sm tabular-nums" data-testid="bulk-progress">
                        {b.deliveredCount} / {b.recipientCount} delivered ({formatPercent(percent)})
                      </span>
                    </div>
                    {(b.status === 'scheduled' || b.status === 'draft') && (
                      <div className="mt-3 flex justify-end gap-2">
                        {b.status === 'scheduled' && (
                          <button type="button" className="btn btn-ghost btn-sm" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: b.id })}>
                            Cancel
                          </button>
                        )}
                        {b.status === 'draft' && (
                          <button type="button" className="btn btn-primary btn-sm" disabled={send.isPending} onClick={() => setSending(b)}>
                            Send now
                          </button>
                        )}
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryView>
      </section>
      <ConfirmDialog
        open={!!sending}
        onClose={() => setSending(null)}
        onConfirm={() => sending && send.mutate({ id: sending.id })}
        pending={send.isPending}
        title="Send this notification now?"
        description={sending && <SendSummary title={sending.title} audience={sending.audienceLabel} count={sending.recipientCount} when={null} />}
        confirmLabel={sending ? `Send to ${people(sending.recipientCount)}` : 'Send'}
        testId="bulk-confirm"
      />
    </div>
  );
}

/** What a confirmation names: the notification, its audience and size, and when it goes. */
function SendSummary({ title, audience, count, when }: { title: string; audience: string; count: number | null; when: Date | null }) {
  return (
    <>
      &ldquo;{title}&rdquo; goes to {audience}: <strong>{count === null ? 'everyone in this audience' : people(count)}</strong>
      {when ? <>, on {formatDateTime(when)}</> : <>, right away</>}. This cannot be undone once delivery starts.
    </>
  );
}

function BulkForm({ onCreated }: { onCreated: () => void }) {
  const form = useZodForm(bulkForm, { title: '', message: '' });
  const [audience, setAudience] = useState<BulkAudience>('all_users');
  const [status, setStatus] = useState<PrototypeStatus>('quoted');
  const [when, setWhen] = useState<'now' | 'later' | 'draft'>('now');
  const [at, setAt] = useState('');
  const [atError, setAtError] = useState<string | undefined>();
  const target = audience === 'prototype_status' ? { audience, prototypeStatus: status } : { audience };
  const preview = trpc.notifications.bulkPreview.useQuery(target, { staleTime: 0 });
  const [confirming, setConfirming] = useState<BulkCreateInput | null>(null);
  const create = trpc.notifications.bulkCreate.useMutation({
    onSettled: () => setConfirming(null),
    onSuccess: (created) => {
      toast({
        title:
          created.status === 'draft'
            ? 'Draft saved'
            : created.scheduledFor && created.scheduledFor.getTime() > Date.now()
              ? 'Notification scheduled'
              : 'Notification is being sent',
      });
      form.reset();
      setWhen('now');
      setAt('');
      onCreated();
    },
    onError: (error) => toastError('Failed to create the notification', error),
  });

  return (
    <section aria-labelledby="bulk-form-heading" className="rounded-box border border-base-300 p-4 sm:p-5">
      <h2 id="bulk-form-heading" className="text-lg font-semibold">
        New bulk notification
      </h2>
      <form
        noValidate
        className="mt-4 flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          const values = form.validate(e);
          let scheduledFor: Date | null = null;
          setAtError(undefined);
          if (when === 'later') {
            const parsed = at ? new Date(at) : null;
            if (!parsed || Number.isNaN(parsed.getTime()) || parsed.getTime() <= Date.now()) {
              setAtError('Choose a date and time in the future');
              return;
            }
            scheduledFor = parsed;
          }
          if (!values) return;
          const input = { title: values.title, message: values.message, target, scheduledFor, draft: when === 'draft' };
          // A draft reaches no one yet; sending or scheduling asks first.
          if (when === 'draft') create.mutate(input);
          else setConfirming(input);
        }}
      >
        <Field name="title" label="Title" error={form.errors.title}>
          <input {...form.field('title')} className="input input-bordered w-full" maxLength={SUBJECT_MAX} />
        </Field>
        <Field name="message" label="Message" error={form.errors.message}>
          <textarea {...form.field('message')} className="textarea textarea-bordered min-h-28 w-full" maxLength={MESSAGE_MAX} />
        </Field>
        <Field name="bulk-audience" label="Audience">
          <select id="bulk-audience" className="select select-bordered w-full" value={audience} onChange={(e) => setAudience(e.target.value as BulkAudience)}>
            <Options values={BULK_AUDIENCES} label={(a) => BULK_AUDIENCE_LABELS[a]} />
          </select>
        </Field>
        {audience === 'prototype_status' && (
          <Field name="bulk-status" label="Prototype status">
            <select id="bulk-status" className="select select-bordered w-full" value={status} onChange={(e) => setStatus(e.target.value as PrototypeStatus)}>
              <Options values={PROTOTYPE_STATUSES} label={stateLabel} />
            </select>
          </Field>
        )}
        <p className="text-sm" aria-live="polite" data-testid="bulk-recipient-count">
          {preview.isLoading ? 'Counting recipients…' : preview.data ? countOf(preview.data.recipientCount, 'recipient') : ''}
        </p>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">When</legend>
          {(
            [
              ['now', 'Send now'],
              ['later', 'Schedule'],
              ['draft', 'Save as draft'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex cursor-pointer items-center gap-2">
              <input type="radio" name="bulk-when" className="radio radio-primary radio-sm" checked={when === value} onChange={() => setWhen(value)} />
              {label}
            </label>
          ))}
        </fieldset>
        {when === 'later' && (
          <Field name="bulk-at" label="Send at" error={atError}>
            <input
              id="bulk-at"
              type="datetime-local"
              className="input input-bordered w-full"
              value={at}
              onChange={(e) => setAt(e.target.value)}
              aria-invalid={atError ? true : undefined}
              aria-describedby={atError ? 'bulk-at-error' : undefined}
            />
          </Field>
        )}
        <FormActions submitLabel={when === 'now' ? 'Send now' : when === 'later' ? 'Schedule' : 'Save draft'} pending={create.isPending} />
      </form>
      <ConfirmDialog
        open={!!confirming}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && create.mutate(confirming)}
        pending={create.isPending}
        title={confirming?.scheduledFor ? 'Schedule this notification?' : 'Send this notification now?'}
        description={
          confirming && (
            <SendSummary
              title={confirming.title}
              audience={audienceLabel(audienceKey(confirming.target))}
              count={preview.data?.recipientCount ?? null}
              when={confirming.scheduledFor ?? null}
            />
          )
        }
        confirmLabel={
          preview.data
            ? `${confirming?.scheduledFor ? 'Schedule for' : 'Send to'} ${people(preview.data.recipientCount)}`
            : confirming?.scheduledFor
              ? 'Schedule'
              : 'Send'
        }
        testId="bulk-confirm"
      />
    </section>
  );
}
