// /admin/support/$ticketId: a ticket as the support team works it: the conversation and the reply
// box, and the controls for status (only the moves the status table allows), assignee, priority and
// the resolution (required to resolve). Appeal tickets get their decision panel above the controls.
import { Link } from '@tanstack/react-router';
import { AdminBreadcrumbs } from './list-parts.tsx';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '~/client/errors.ts';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { BusyButton } from '~/components/forms/busy-button.tsx';
import { Field } from '~/components/forms/field.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { TicketConversation } from '~/components/support/conversation.tsx';
import { ticketStatusLabel } from '~/components/support/format.ts';
import { TicketHeading } from '~/components/support/ticket-parts.tsx';
import { TicketReplyForm } from '~/components/support/ticket-reply-form.tsx';
import { toast } from '~/components/toast/toast-store.ts';
import { LEVELS, type Level } from '~/shared/constants.ts';
import { formatDateTime, fullName, stateInSentence, stateLabel } from '~/shared/format.ts';
import type { TicketStatus } from '~/shared/moderation.ts';
import { TICKET_TEXT_MAX } from '~/shared/schemas/support.ts';
import { TICKET_TRANSITIONS } from '~/shared/ticket-workflow.ts';
import { AppealDecision } from './appeal-decision.tsx';
import { Options } from '~/components/forms/options.tsx';
import { SectionCard } from '~/components/list-card.tsx';

type AdminTicket = RouterOutputs['support']['adminById'];

export function SupportTicketPage({ ticketId }: { ticketId: number }) {
  const ticket = trpc.support.adminById.useQuery({ id: ticketId });
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([utils.support.adminById.invalidate({ id: ticketId }), utils.support.queue.invalidate(), utils.support.queueSummary.invalidate()]);
  const reply = trpc.support.adminReply.useMutation({
    onSuccess: async () => {
      await refresh();
      toast({ title: 'Reply sent', description: 'The user is notified.' });
    },
  });
  const data = ticket.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <AdminBreadcrumbs trail={[{ label: 'Support', to: '/admin/support' }]} current={`Ticket #${ticketId}`} />
      {ticket.isLoading && <Spinner label="Loading the ticket" className="py-10" />}
      {ticket.isError && (
        <p role="alert" className="alert alert-error mt-4">
          {serverMessage(ticket.error, 'Could not load this ticket.')}
        </p>
      )}
      {data && (
        <>
          <header className="mt-2 flex flex-col gap-2">
            <TicketHeading ticket={data} side="admin" from={`${data.user.name} (${data.user.email})`} />
            <Link to="/admin/users/$userId" params={{ userId: data.user.id }} className="link link-primary text-sm">
              {data.user.name}'s account: moderation, permissions, tickets
            </Link>
            {data.awaitingReplySince && (
              <p className="text-sm font-medium" data-testid="awaiting-since">
                Waiting for an answer since {formatDateTime(data.awaitingReplySince)}
              </p>
            )}
          </header>
          <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
            <div className="flex min-w-0 flex-col gap-4">
              <TicketConversation
                opening={{ author: data.user.name, mine: false, body: data.description, createdAt: data.createdAt }}
                messages={data.messages}
              />
              {data.status === 'closed' ? (
                <p role="note" className="alert">
                  This ticket is closed: it takes no more messages.
                </p>
              ) : (
                <section aria-labelledby="admin-reply-title" className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
                  <h2 id="admin-reply-title" className="mb-2 text-lg font-semibold">
                    Reply to {data.user.name}
                  </h2>
                  {reply.isError && (
                    <p role="alert" className="alert alert-error mb-3">
                      {serverMessage(reply.error, 'Could not send the reply.')}
                    </p>
                  )}
                  <TicketReplyForm
                    label="Message"
                    pending={reply.isPending}
                    onSubmit={(body, reset) => reply.mutate({ id: ticketId, body }, { onSuccess: reset })}
                  />
                </section>
              )}
            </div>
            <aside className="flex flex-col gap-4">
              {data.category === 'appeal' && <AppealPanel ticket={data} />}
              <TicketControls key={controlsVersion(data)} ticket={data} onSaved={refresh} />
            </aside>
          </div>
        </>
      )}
    </div>
  );
}

/** The appeal's measure and its decision (upheld, or reversed: the measure is lifted), once. */
function AppealPanel({ ticket }: { ticket: AdminTicket }) {
  return (
    <section aria-labelledby="appeal-title" className="rounded-box border border-warning/50 bg-base-100 p-5 shadow-sm" data-testid="appeal-panel">
      <h2 id="appeal-title" className="text-lg font-semibold">
        Appeal
      </h2>
      <p className="mt-1 text-sm">
        Against the {ticket.measureType ?? 'measure'}
        {ticket.measureId ? ` #${ticket.measureId}` : ''}.{' '}
        {ticket.appealOutcome ? `Decided: ${stateInSentence(ticket.appealOutcome)}.` : 'Uphold or reverse the measure to resolve this ticket.'}
      </p>
      {ticket.measureType && ticket.measureId !== null && (
        <div className="mt-3">
          <AppealDecision
            ticketId={ticket.id}
            appeal={{
              measureType: ticket.measureType,
              measureId: ticket.measureId,
              outcome: ticket.appealOutcome,
              resolution: ticket.resolution,
              resolvedAt: ticket.resolvedAt,
            }}
          />
        </div>
      )}
    </section>
  );
}

/**
 * What the controls edit, as stored: they start again from the stored values when one of these
 * changes (a save, another admin's), but not when only the conversation moves on, so that a
 * resolution being written survives the requester's reply.
 */
const controlsVersion = (ticket: AdminTicket) =>
  JSON.stringify([ticket.id, ticket.status, ticket.assignee?.id ?? null, ticket.priority, ticket.resolution ?? null]);

function TicketControls({ ticket, onSaved }: { ticket: AdminTicket; onSaved: () => Promise<unknown> }) {
  const assignees = trpc.support.assignees.useQuery();
  const [status, setStatus] = useState<TicketStatus>(ticket.status);
  const [assignee, setAssignee] = useState(ticket.assignee?.id ?? '');
  const [priority, setPriority] = useState<Level>(ticket.priority);
  const [resolution, setResolution] = useState(ticket.resolution ?? '');
  const [resolutionError, setResolutionError] = useState<string>();
  const update = trpc.support.update.useMutation({
    onSuccess: async () => {
      await onSaved();
      toast({ title: 'Ticket updated' });
    },
  });
  const closed = ticket.status === 'closed';
  const options: TicketStatus[] = [ticket.status, ...TICKET_TRANSITIONS[ticket.status]];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status === 'resolved' && !resolution.trim()) {
      setResolutionError('A resolution is required to resolve a ticket');
      return;
    }
    const resolutionChanged = status === 'resolved' && resolution.trim() !== (ticket.resolution ?? '');
    const changes = {
      ...(status !== ticket.status ? { status } : {}),
      ...(assignee !== (ticket.assignee?.id ?? '') ? { assignedAdminId: assignee || null } : {}),
      ...(priority !== ticket.priority ? { priority } : {}),
      ...(resolutionChanged ? { resolution: resolution.trim() } : {}),
    };
    if (Object.keys(changes).length === 0) {
      toast({ title: 'Nothing to change' });
      return;
    }
    update.mutate({ id: ticket.id, ...changes });
  };

  return (
    <SectionCard titleId="ticket-controls-title" title="Ticket">
      {closed ? (
        <p className="mt-2 text-sm text-base-content/70">Closed tickets cannot be changed.</p>
      ) : (
        <form noValidate className="mt-3 flex flex-col gap-4" onSubmit={submit}>
          <Field name="ticket-status" label="Status">
            <select
              id="ticket-status"
              className="select select-bordered w-full"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as TicketStatus);
                setResolutionError(undefined);
              }}
            >
              <Options values={options} label={(s) => ticketStatusLabel(s, 'admin')} />
            </select>
          </Field>
          {status === 'resolved' && (
            <Field name="ticket-resolution" label="Resolution" error={resolutionError} hint="Sent to the user with the status change.">
              <textarea
                id="ticket-resolution"
                className="textarea textarea-bordered min-h-24 w-full"
                value={resolution}
                maxLength={TICKET_TEXT_MAX}
                aria-invalid={resolutionError ? true : undefined}
                aria-describedby={resolutionError ? 'ticket-resolution-error' : undefined}
                onChange={(e) => {
                  setResolution(e.target.value);
                  setResolutionError(undefined);
                }}
              />
            </Field>
          )}
          <Field name="ticket-assignee" label="Assignee">
            <select id="ticket-assignee" className="select select-bordered w-full" value={assignee} onChange={(e) => setAssignee(e.target.value)}>
              <option value="">Unassigned</option>
              {ticket.assignee && !assignees.data?.some((a) => a.id === ticket.assignee?.id) && (
                <option value={ticket.assignee.id}>{ticket.assignee.name}</option>
              )}
              {assignees.data?.map((a) => (
                <option key={a.id} value={a.id}>
                  {fullName(a)}
                </option>
              ))}
            </select>
          </Field>
          <Field name="ticket-priority" label="Priority">
            <select id="ticket-priority" className="select select-bordered w-full" value={priority} onChange={(e) => setPriority(e.target.value as Level)}>
              <Options values={LEVELS} label={stateLabel} />
            </select>
          </Field>
          {update.isError && (
            <p role="alert" className="alert alert-error">
              {serverMessage(update.error, 'Could not update the ticket.')}
            </p>
          )}
          <BusyButton type="submit" className="btn btn-primary" pending={update.isPending}>
            Save changes
          </BusyButton>
        </form>
      )}
      {ticket.resolution && ticket.status === 'resolved' && (
        <div className="mt-4 text-sm" data-testid="admin-ticket-resolution">
          <p className="font-semibold">Resolution</p>
          <p className="whitespace-pre-wrap">{ticket.resolution}</p>
        </div>
      )}
    </SectionCard>
  );
}
