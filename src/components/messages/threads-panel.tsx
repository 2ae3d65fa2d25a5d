// Conversations with sellers: the list (unread first) and the open thread with an answer form.
import { useEffect } from 'react';
import { OpenedArticle } from './opened-article.tsx';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { Spinner } from '~/components/spinner.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { QueryView } from '~/components/query-view.tsx';
import type { InboxSearch, SetInboxSearch } from './inbox-search.ts';
import { ComposeDialog } from './compose-dialog.tsx';
import { formatDateTime, countOf } from '~/shared/format.ts';
import { preview } from './format.ts';
import { ReplyForm } from './reply-form.tsx';
import { ThreadView } from './thread-view.tsx';

type Thread = RouterOutputs['messages']['inbox'][number];

export function ThreadsPanel({ search, setSearch }: { search: InboxSearch; setSearch: SetInboxSearch }) {
  const filter = search.filter ?? 'replied';
  const inbox = trpc.messages.inbox.useQuery({ filter });
  const selected = inbox.data?.find((th) => th.id === search.thread);
  const composing = !!search.compose;

  return (
    <section aria-labelledby="threads-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="threads-heading" className="sr-only">
          Conversations
        </h2>
        <div className="join" role="group" aria-label="Which conversations">
          {(['replied', 'all'] as const).map((f) => (
            <button
              key={f}
              type="button"
              className={`btn join-item btn-sm ${filter === f ? 'btn-active btn-primary' : ''}`}
              aria-pressed={filter === f}
              onClick={() => setSearch({ filter: f === 'replied' ? undefined : f, thread: undefined })}
            >
              {f === 'replied' ? 'With replies' : 'All conversations'}
            </button>
          ))}
        </div>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setSearch({ compose: true })}>
          New message
        </button>
      </div>
      <QueryView
        query={inbox}
        what="conversations"
        empty={filter === 'replied' ? 'No seller has replied yet.' : 'No conversations yet. Start one with New message.'}
      >
        {(threads) => (
          <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <ul className={`flex flex-col gap-2 ${selected ? 'hidden lg:flex' : ''}`} data-testid="thread-list">
              {threads.map((th) => (
                <ThreadItem key={th.id} thread={th} selected={th.id === selected?.id} onOpen={() => setSearch({ thread: th.id })} />
              ))}
            </ul>
            <div className={selected ? '' : 'hidden lg:block'}>
              {selected ? (
                <OpenThread key={selected.id} thread={selected} onBack={() => setSearch({ thread: undefined })} />
              ) : (
                <div className="grid min-h-48 place-items-center rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/70">
                  Select a conversation to read and answer it.
                </div>
              )}
            </div>
          </div>
        )}
      </QueryView>
      <ComposeDialog
        open={composing}
        prototypeId={search.prototypeId}
        userId={search.userId}
        onClose={() => setSearch({ compose: undefined, prototypeId: undefined, userId: undefined })}
        onSent={(rootId) => setSearch({ compose: undefined, prototypeId: undefined, userId: undefined, filter: 'all', thread: rootId })}
      />
    </section>
  );
}

function ThreadItem({ thread: th, selected, onOpen }: { thread: Thread; selected: boolean; onOpen: () => void }) {
  const unread = th.unreadCount > 0;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected ? 'true' : undefined}
        data-testid="thread-item"
        data-unread={unread}
        className={`flex w-full gap-3 rounded-box border p-3 text-left transition-colors ${
          selected ? 'border-primary bg-primary/10' : 'border-base-300 bg-base-100 hover:bg-base-200'
        }`}
      >
        <span className={`mt-2 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-primary' : 'bg-transparent'}`} aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="flex items-start justify-between gap-2">
            <span className={`truncate ${unread ? 'font-bold' : ''}`}>{th.subject}</span>
            {unread && <span className="badge badge-primary badge-sm shrink-0">{th.unreadCount} new</span>}
          </span>
          <span className="block truncate text-sm">{th.user ? `${th.user.name} · ${th.user.email}` : 'Deleted user'}</span>
          <span className="mt-0.5 block truncate text-sm text-base-content/70">
            {th.lastFromUser ? '' : 'Team: '}
            {preview(th.lastMessage)}
          </span>
          <span className="mt-1 block text-xs text-base-content/70">
            {formatDateTime(th.lastMessageAt)} · {countOf(th.messageCount, 'message')}
            {th.aboutPrototype ? ` · ${th.aboutPrototype.prototypeName}` : ''}
          </span>
        </span>
      </button>
    </li>
  );
}

function OpenThread({ thread, onBack }: { thread: Thread; onBack: () => void }) {
  const utils = trpc.useUtils();
  const messages = trpc.messages.thread.useQuery({ id: thread.id });
  const markRead = trpc.messages.markThreadRead.useMutation({
    onSuccess: () => Promise.all([utils.messages.inbox.invalidate(), utils.messages.inboxCounts.invalidate()]),
  });
  const reply = trpc.messages.reply.useMutation({
    onSuccess: async () => {
      toast({ title: 'Message sent successfully' });
      await Promise.all([utils.messages.thread.invalidate(), utils.messages.inbox.invalidate()]);
    },
    onError: (error) => toastError('Failed to send message', error),
  });

  useEffect(() => {
    if (thread.unreadCount > 0) markRead.mutate({ id: thread.id });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [thread.id]);

  const last = messages.data?.at(-1);
  return (
    <OpenedArticle
      subject={thread.subject}
      heading="h3"
      headingId="thread-subject"
      backLabel="Back to conversations"
      onBack={onBack}
      openedId={thread.id}
      testId="open-thread"
    >
      <p className="mt-1 text-sm text-base-content/70">
        With {thread.user ? `${thread.user.name} (${thread.user.email})` : 'a deleted user'}
        {thread.aboutPrototype && (
          <>
            {' '}
            · about prototype #{thread.aboutPrototype.id} {thread.aboutPrototype.prototypeName}
          </>
        )}
      </p>
      <div className="mt-6">
        {messages.isLoading ? <Spinner label="Loading conversation" className="py-8" /> : <ThreadView messages={messages.data ?? []} />}
      </div>
      <section className="mt-6 border-t border-base-300 pt-4" aria-labelledby="answer-heading">
        <h4 id="answer-heading" className="mb-3 font-semibold">
          Answer in this conversation
        </h4>
        <ReplyForm
          idPrefix="answer"
          subject={last?.subject ?? thread.subject}
          pending={reply.isPending}
          submitLabel="Send answer"
          onSubmit={(values, reset) => reply.mutate({ ...values, parentMessageId: thread.id }, { onSuccess: reset })}
        />
      </section>
    </OpenedArticle>
  );
}
