import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { pageHead } from '~/client/page-head.ts';
import { MessagesPage } from '~/components/messages/messages-page.tsx';

const search = z.object({ id: z.coerce.number().int().positive().optional().catch(undefined) });

/** Messages (spec section 2): ?id= selects a message (so a notification can link to it). */
export const Route = createFileRoute('/_auth/messages')({
  validateSearch: search,
  head: () => pageHead('Messages', 'Messages from the Atomix Energy admin team about your prototypes.'),
  loader: ({ context }) => context.trpc.messages.list.ensureData(),
  component: Screen,
});

function Screen() {
  const { id } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MessagesPage selectedId={id} onSelect={(next) => void navigate({ search: { id: next } })} />;
}
