// The admin inbox (/admin-inbox): threads with sellers' replies (unread first) answered in place,
// new threads to a user or a prototype's seller, contact-form messages marked handled, bulk
// notifications and the e-mail outbox. Tab and selection live in the URL.
import type { KeyboardEvent } from 'react';
import { trpc } from '~/client/trpc.ts';
import { BulkPanel } from '~/components/notifications/bulk-panel.tsx';
import { OutboxPanel } from '~/components/notifications/outbox-panel.tsx';
import { ContactsPanel } from './contacts-panel.tsx';
import { INBOX_TABS, type InboxSearch, type InboxTab, type SetInboxSearch } from './inbox-search.ts';
import { ThreadsPanel } from './threads-panel.tsx';

const TAB_LABELS: Record<InboxTab, string> = {
  threads: 'Conversations',
  contacts: 'Contact messages',
  bulk: 'Bulk notifications',
  outbox: 'E-mail outbox',
};

export function AdminInbox({ search, setSearch }: { search: InboxSearch; setSearch: SetInboxSearch }) {
  const tab = search.tab ?? 'threads';
  const counts = trpc.messages.inboxCounts.useQuery();
  const select = (next: InboxTab) => setSearch({ tab: next === 'threads' ? undefined : next, thread: undefined });
  const onKeyDown = (event: KeyboardEvent) => {
    const index = INBOX_TABS.indexOf(tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = INBOX_TABS[(index + step + INBOX_TABS.length) % INBOX_TABS.length]!;
    select(next);
    document.getElementById(`inbox-tab-${next}`)?.focus();
  };
  const badge = (name: InboxTab) => {
    const n = name === 'threads' ? counts.data?.unreadReplies : name === 'contacts' ? counts.data?.openContacts : undefined;
    return n ? (
      <span className="badge badge-primary badge-sm ml-2" aria-label={`${n} ${name === 'threads' ? 'unread' : 'open'}`}>
        {n}
      </span>
    ) : null;
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Admin Inbox</h1>
      <p className="mt-1 text-base-content/70">Conversations with sellers, contact-form messages, announcements and sent e-mail.</p>
      <div role="tablist" aria-label="Inbox sections" className="tabs tabs-border mt-6 flex-wrap gap-y-1">
        {INBOX_TABS.map((name) => (
          <button
            key={name}
            id={`inbox-tab-${name}`}
            onKeyDown={onKeyDown}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`inbox-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={`tab whitespace-nowrap ${tab === name ? 'tab-active font-semibold' : 'text-base-content/80'}`}
            onClick={() => select(name)}
          >
            <span className="inline-flex items-center whitespace-nowrap">
              {TAB_LABELS[name]}
              {badge(name)}
            </span>
          </button>
        ))}
      </div>
      <div id={`inbox-panel-${tab}`} role="tabpanel" aria-labelledby={`inbox-tab-${tab}`} className="mt-4">
        {tab === 'threads' && <ThreadsPanel search={search} setSearch={setSearch} />}
        {tab === 'contacts' && <ContactsPanel filter={search.contacts ?? 'open'} setFilter={(contacts) => setSearch({ contacts })} />}
        {tab === 'bulk' && <BulkPanel />}
        {tab === 'outbox' && <OutboxPanel />}
      </div>
    </div>
  );
}
