import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { compact, positiveInt } from '~/client/search-params.ts';
import { MessagesPage } from '~/components/messages/messages-page.tsx';

/** Messages (spec section 2): ?id= selects a message (so a notification can link to it). */
export const Route = createFileRoute('/_auth/messages')({
  validateSearch: (input: Record<string, unknown>): { id?: number } => compact({ id: positiveInt(input.id) }),
  head: () => pageHead('Messages', 'Messages from the Atomix Energy admin team about your prototypes.'),
  loader: ({ context }) => context.trpc.messages.list.ensureData(),
  component: Screen,
});

function Screen() {
  const { id } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MessagesPage selectedId={id} onSelect={(next) => void navigate({ search: next === undefined ? {} : { id: next } })} />;
}
