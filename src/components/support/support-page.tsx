// /support: the signed-in user's tickets (status, latest activity) and the "New ticket" form. A ticket
// opens on its own page (/support/$ticketId) with the conversation and the reply box.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { serverMessage } from '~/client/errors.ts';
import { useZodForm } from '~/client/forms/use-zod-form.ts';
import { trpc } from '~/client/trpc.ts';
import { revoked, useCapability } from '~/client/use-capability.ts';
import { CapabilityNotice } from '~/components/permissions/capability-notice.tsx';
import { FormActions } from '~/components/forms/busy-button.tsx';
import { Field } from '~/components/forms/field.tsx';
import { CountedTitle, ListCard, QueryStatus, SectionCard } from '~/components/list-card.tsx';
import { toast } from '~/components/toast/toast-store.ts';
import { LEVELS } from '~/shared/constants.ts';
import { formatDateTime, stateLabel } from '~/shared/format.ts';
import { OPENABLE_TICKET_CATEGORIES, TICKET_CATEGORY_LABELS, TICKET_SUBJECT_MAX, TICKET_TEXT_MAX, openTicketInput } from '~/shared/schemas/support.ts';
import { ticketCategoryLabel } from './format.ts';
import { TicketList } from './ticket-parts.tsx';
import { Options } from '~/components/forms/options.tsx';

export function SupportPage() {
  // tickets.open governs reading one's tickets too: while it is revoked the page says why instead (issue 34, point 4).
  const ticketsRevoked = revoked(useCapability('tickets.open'));
  if (ticketsRevoked) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6">
        <header>
          <h1 className="text-3xl font-bold tracking-tight">Support</h1>
          <p className="mt-1 text-base-content/70">Ask the Atomix Energy team for help with your account, prototypes or payouts.</p>
        </header>
        <CapabilityNotice state={ticketsRevoked} />
      </div>
    );
  }
  return <SupportTickets />;
}

function SupportTickets() {
  const tickets = trpc.support.mine.useQuery();
  const [composing, setComposing] = useState(false);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Support</h1>
          <p className="mt-1 text-base-content/70">Ask the Atomix Energy team for help with your account, prototypes or payouts.</p>
        </div>
        {!composing && (
          <button type="button" className="btn btn-primary" onClick={() => setComposing(true)}>
            New ticket
          </button>
        )}
      </header>

      {composing && <NewTicketForm onDone={() => setComposing(false)} />}

      <ListCard titleId="my-tickets" title={<CountedTitle title="Your tickets" count={tickets.data?.length} />} flush>
        <QueryStatus query={tickets} loading="Loading your tickets" failed="Could not load your tickets. Please try again." />
        {tickets.data?.length === 0 && (
          <div className="px-5 py-10 text-center text-base-content/70">
            <p className="font-medium">No tickets yet</p>
            <p className="mt-1 text-sm">When something does not work as it should, open a ticket and the team will answer here.</p>
          </div>
        )}
        {tickets.data && tickets.data.length > 0 && (
          <TicketList
            tickets={tickets.data}
            side="user"
            rowTestId="support-ticket-row"
            details={(ticket) => (
              <span className="text-xs text-base-content/70">
                {ticketCategoryLabel(ticket.category)} · updated {formatDateTime(ticket.lastUpdated)} · {ticket.messageCount}{' '}
                {ticket.messageCount === 1 ? 'reply' : 'replies'}
              </span>
            )}
          />
        )}
      </ListCard>
    </div>
  );
}

const EMPTY_TICKET = { category: '', subject: '', description: '', priority: 'medium' };

function NewTicketForm({ onDone }: { onDone: () => void }) {
  const form = useZodForm(openTicketInput, EMPTY_TICKET);
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const open = trpc.support.open.useMutation({
    onSuccess: async (ticket) => {
      await utils.support.mine.invalidate();
      toast({ title: 'Ticket opened', description: `Ticket #${ticket.id}: the team will answer here.` });
      form.reset();
      onDone();
      void navigate({ to: '/support/$ticketId', params: { ticketId: String(ticket.id) } });
    },
  });
  return (
    <SectionCard titleId="new-ticket" title="New ticket">
      <form noValidate className="mt-4 flex flex-col gap-4" onSubmit={form.submit((values) => open.mutate(values))}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="category" label="Category" error={form.errors.category}>
            <select {...form.field('category')} className="select select-bordered w-full">
              <option value="">Choose a category</option>
              <Options values={OPENABLE_TICKET_CATEGORIES} label={(c) => TICKET_CATEGORY_LABELS[c]} />
            </select>
          </Field>
          <Field name="priority" label="Priority" error={form.errors.priority}>
            <select {...form.field('priority')} className="select select-bordered w-full">
              <Options values={LEVELS} label={stateLabel} />
            </select>
          </Field>
        </div>
        <Field name="subject" label="Subject" error={form.errors.subject}>
          <input {...form.field('subject')} className="input input-bordered w-full" maxLength={TICKET_SUBJECT_MAX} />
        </Field>
        <Field name="description" label="Description" error={form.errors.description} hint="What happened, what you expected, and anything we need to know.">
          <textarea {...form.field('description')} className="textarea textarea-bordered min-h-32 w-full" maxLength={TICKET_TEXT_MAX} />
        </Field>
        {open.isError && (
          <p role="alert" className="alert alert-error">
            {serverMessage(open.error, 'Could not open the ticket. Please try again.')}
          </p>
        )}
        <FormActions onCancel={onDone} submitLabel="Open ticket" pending={open.isPending} />
      </form>
    </SectionCard>
  );
}
