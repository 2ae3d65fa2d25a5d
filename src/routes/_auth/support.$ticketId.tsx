import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { NotFound } from '~/components/not-found.tsx';
import { TicketPage } from '~/components/support/ticket-page.tsx';
import { positiveInt } from '~/client/search-params.ts';

/** /support/$ticketId: one ticket and its conversation (a notification links here). */
export const Route = createFileRoute('/_auth/support/$ticketId')({
  head: ({ params }) => pageHead(`Ticket #${params.ticketId}`, 'Your support ticket and its conversation.'),
  loader: ({ context, params }) => {
    const id = positiveInt(params.ticketId);
    if (id === undefined) return undefined;
    // What the user may do comes with it: with tickets.open revoked the page explains instead of the refused read.
    return Promise.all([context.trpc.permissions.mine.ensureData(), context.trpc.support.byId.ensureData({ id })]).catch(() => undefined);
  },
  component: Screen,
});

function Screen() {
  const { ticketId } = Route.useParams();
  const id = positiveInt(ticketId);
  return id === undefined ? <NotFound /> : <TicketPage ticketId={id} />;
}
