import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { AdminInbox } from '~/components/messages/admin-inbox.tsx';
import { type InboxSearch, parseInboxSearch } from '~/components/messages/inbox-search.ts';

/** The admin inbox: ?thread= opens a conversation (notifications link to it), ?compose=1&prototypeId= starts one. */
export const Route = createFileRoute('/_admin/admin-inbox')({
  validateSearch: parseInboxSearch,
  head: () => pageHead('Admin inbox', 'Conversations with sellers, contact messages, announcements and e-mail.'),
  component: Screen,
});

function Screen() {
  const current = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AdminInbox search={current} setSearch={(patch) => void navigate({ search: (prev: InboxSearch) => ({ ...prev, ...patch }) })} />;
}
