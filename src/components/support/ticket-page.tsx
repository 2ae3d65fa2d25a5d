// /support/$ticketId: one of the user's tickets, its conversation and the reply box. A reply to a
// ticket waiting on the user or resolved reopens it; a closed ticket points to a new one.
import { Link } from '@tanstack/react-router';
import { Breadcrumbs } from '~/components/breadcrumbs.tsx';
import { serverMessage } from '~/client/errors.ts';
import { trpc } from '~/client/trpc.ts';
import { revoked, useCapability } from '~/client/use-capability.ts';
import { CapabilityNotice } from '~/components/permissions/capability-notice.tsx';
import { Spinner } from '~/components/spinner.tsx';
import { toast } from '~/components/toast/toast-store.ts';
import { TicketConversation } from './conversation.tsx';
import { TicketHeading } from './ticket-parts.tsx';
import { TicketReplyForm } from './ticket-reply-form.tsx';

/** Who opened the ticket, when an admin reads someone else's ticket here (the admin view names them); null for the user's own. */
function openedBy(ticket: object): string | null {
  if (!('user' in ticket) || !ticket.user || typeof ticket.user !== 'object') return null;
  return 'name' in ticket.user && typeof ticket.user.name === 'string' ? ticket.user.name : null;
}

export function TicketPage({ ticketId }: { ticketId: number }) {
  // Reading a ticket needs tickets.open (support.ts): while it is revoked, why and until when instead of a refused read.
  const ticketsRevoked = revoked(useCapability('tickets.open'));
  const ticket = trpc.support.byId.useQuery({ id: ticketId }, { enabled: !ticketsRevoked });
  const utils = trpc.useUtils();
  const reply = trpc.support.reply.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.support.byId.invalidate({ id: ticketId }), utils.support.mine.invalidate()]);
      toast({ title: 'Reply sent' });
    },
  });
  const data = ticketsRevoked ? undefined : ticket.data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <Breadcrumbs parent={{ to: '/support', label: 'Support' }} current={<>Ticket #{ticketId}</>} />
      {ticketsRevoked && <CapabilityNotice state={ticketsRevoked} />}
      {!ticketsRevoked && ticket.isLoading && <Spinner label="Loading the ticket" className="py-10" />}
      {!ticketsRevoked && ticket.isError && (
        <p role="alert" className="alert alert-error">
          {serverMessage(ticket.error, 'Could not load this ticket.')}
        </p>
      )}
      {data && (
        <>
          <header className="flex flex-col gap-2">
            <TicketHeading ticket={data} side="user" />
          </header>
          {data.status === 'resolved' && data.resolution && (
            <div role="note" className="alert alert-success flex-col items-start gap-1" data-testid="ticket-resolution">
              <p className="font-semibold">Resolution</p>
              <p className="whitespace-pre-wrap">{data.resolution}</p>
              <p className="text-sm">Not solved? Reply below and the ticket opens again.</p>
            </div>
          )}
          {data.status === 'waiting_on_user' && (
            <p role="note" className="alert alert-warning">
              The support team is waiting for your reply.
            </p>
          )}
          <TicketConversation
            opening={{ author: openedBy(data) ?? 'You', mine: openedBy(data) === null, body: data.description, createdAt: data.createdAt }}
            messages={data.messages}
          />
          {data.status === 'closed' ? (
            <p role="note" className="alert">
              This ticket is closed.{' '}
              <Link to="/support" className="link">
                Open a new ticket
              </Link>{' '}
              if you need more help.
            </p>
          ) : (
            <section aria-labelledby="reply-title" className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
              <h2 id="reply-title" className="sr-only">
                Reply
              </h2>
              {reply.isError && (
                <p role="alert" className="alert alert-error mb-3">
                  {serverMessage(reply.error, 'Could not send your reply.')}
                </p>
              )}
              <TicketReplyForm pending={reply.isPending} onSubmit={(body, reset) => reply.mutate({ id: ticketId, body }, { onSuccess: reset })} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
