import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { positiveInt } from '~/client/search-params.ts';
import { SupportTicketPage } from '~/components/admin/support-ticket-page.tsx';
import { NotFound } from '~/components/not-found.tsx';

/** /admin/support/$ticketId: one ticket as the support team works it (notifications link here). */
export const Route = createFileRoute('/_admin/admin_/support/$ticketId')({
  head: ({ params }) => pageHead(`Ticket #${params.ticketId}`, 'A support ticket: conversation, reply, status and assignment.'),
  loader: ({ context, params }) => {
    const id = positiveInt(params.ticketId);
    return context.isAdmin && id !== undefined ? context.trpc.support.adminById.ensureData({ id }).catch(() => undefined) : undefined;
  },
  component: Screen,
});

function Screen() {
  const { ticketId } = Route.useParams();
  const id = positiveInt(ticketId);
  return id === undefined ? <NotFound /> : <SupportTicketPage ticketId={id} />;
}
