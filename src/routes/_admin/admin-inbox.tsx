import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { pageHead } from '~/client/page-head.ts';
import { AdminInbox, INBOX_TABS, type InboxSearch } from '~/components/messages/admin-inbox.tsx';

const id = z.coerce.number().int().positive().optional().catch(undefined);
const search = z.object({
  tab: z.enum(INBOX_TABS).optional().catch(undefined),
  thread: id,
  filter: z.enum(['replied', 'all']).optional().catch(undefined),
  contacts: z.enum(['open', 'handled', 'all']).optional().catch(undefined),
  compose: z.coerce.boolean().optional().catch(undefined),
  prototypeId: id,
  userId: z.string().uuid().optional().catch(undefined),
});

/** The admin inbox: ?thread= opens a conversation (notifications link to it), ?compose=1&prototypeId= starts one. */
export const Route = createFileRoute('/_admin/admin-inbox')({
  validateSearch: (input): InboxSearch => search.parse(input),
  head: () => pageHead('Admin inbox', 'Conversations with sellers, contact messages, announcements and e-mail.'),
  component: Screen,
});

function Screen() {
  const current = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AdminInbox search={current} setSearch={(patch) => void navigate({ search: (prev: InboxSearch) => ({ ...prev, ...patch }) })} />;
}
