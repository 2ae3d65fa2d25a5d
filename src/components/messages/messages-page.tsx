// Messages (spec section 2): two columns on wide screens, the received messages on the left (unread
// marker and New badge) and the selected message on the right with Reply and the Conversation
// thread. On a phone it is the list, then the message. Opening an unread message marks it read.
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { OpenedArticle } from './opened-article.tsx';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { revoked, useCapability } from '~/client/use-capability.ts';
import { RevokedButton } from '~/components/permissions/capability-notice.tsx';
import { type RouterOutputs, trpc } from '~/client/trpc.ts';
import { Spinner } from '~/components/spinner.tsx';
import { toast, toastError } from '~/components/toast/toast-store.ts';
import { QueryView } from '~/components/query-view.tsx';
import { formatDateTime, countOf } from '~/shared/format.ts';
import { preview } from './format.ts';
import { ModalDialog } from '~/components/modal-dialog.tsx';
import { ReplyForm } from './reply-form.tsx';
import { ThreadView } from './thread-view.tsx';

type Message = RouterOutputs['messages']['list'][number];

export function MessagesPage({ selectedId, onSelect }: { selectedId: number | undefined; onSelect: (id: number | undefined) => void }) {
  const { user } = useCurrentUser();
  const list = trpc.messages.list.useQuery();
  const utils = trpc.useUtils();
  const markRead = trpc.messages.markRead.useMutation({
    onSuccess: (updated) => {
      utils.messages.list.setData(undefined, (old) => old?.map((m) => (m.id === updated.id ? { ...m, isRead: true } : m)));
      void utils.messages.thread.invalidate();
    },
  });
  const selected = list.data?.find((m) => m.id === selectedId);

  // Opening an unread message marks it read (spec section 4).
  useEffect(() => {
    if (selected && !selected.isRead && !markRead.isPending) markRead.mutate({ id: selected.id });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected?.id, selected?.isRead]);

  const unread = list.data?.filter((m) => !m.isRead).length ?? 0;

  return (
    <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6" aria-labelledby="messages-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="messages-heading" className="text-2xl font-bold sm:text-3xl">
            Messages
          </h1>
          <p className="mt-1 text-base-content/70">Messages from the Atomix Energy admin team and your replies.</p>
        </div>
        {user?.role === 'admin' && (
          <Link to="/admin-inbox" className="btn btn-outline btn-sm">
            Open the admin inbox
          </Link>
        )}
      </div>

      <QueryView
        query={list}
        what="messages"
        empty={
          <div className="mt-8 rounded-box border border-dashed border-base-300 p-10 text-center" data-testid="messages-empty">
            <p className="text-lg font-semibold">No messages yet</p>
            <p className="mt-1 text-base-content/70">When the admin team writes to you about your prototypes, the messages appear here.</p>
          </div>
        }
      >
        {(messages) => (
          <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <div className={selected ? 'hidden lg:block' : ''}>
              <h2 className="sr-only">Received messages</h2>
              <p className="mb-2 text-sm text-base-content/70" aria-live="polite">
                {countOf(messages.length, 'message')}, {unread} unread
              </p>
              <ul className="flex flex-col gap-2" data-testid="message-list">
                {messages.map((m) => (
                  <MessageListItem key={m.id} message={m} selected={m.id === selectedId} onOpen={() => onSelect(m.id)} />
                ))}
              </ul>
            </div>
            <div className={selected ? '' : 'hidden lg:block'}>
              {selected ? (
                <MessageDetail key={selected.id} message={selected} onBack={() => onSelect(undefined)} />
              ) : (
                <div className="grid h-full min-h-48 place-items-center rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/70">
                  {selectedId !== undefined ? 'This message is not in your inbox.' : 'Select a message to read it.'}
                </div>
              )}
            </div>
          </div>
        )}
      </QueryView>
    </section>
  );
}

function MessageListItem({ message: m, selected, onOpen }: { message: Message; selected: boolean; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected ? 'true' : undefined}
        data-testid="message-item"
        data-unread={!m.isRead}
        className={`flex w-full gap-3 rounded-box border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
          selected ? 'border-primary bg-primary/10' : 'border-base-300 bg-base-100 hover:bg-base-200'
        }`}
      >
        <span className={`mt-2 h-2.5 w-2.5 shrink-0 rounded-full ${m.isRead ? 'bg-transparent' : 'bg-primary'}`} aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="flex items-start justify-between gap-2">
            <span className={`truncate ${m.isRead ? '' : 'font-bold'}`}>{m.subject}</span>
            {!m.isRead && <span className="badge badge-primary badge-sm shrink-0">New</span>}
          </span>
          <span className="mt-0.5 block truncate text-sm text-base-content/70">{preview(m.message)}</span>
          <span className="mt-1 block text-xs text-base-content/70">
            {m.from} · {formatDateTime(m.createdAt)}
          </span>
          {!m.isRead && <span className="sr-only">Unread</span>}
        </span>
      </button>
    </li>
  );
}

function MessageDetail({ message, onBack }: { message: Message; onBack: () => void }) {
  const [replying, setReplying] = useState(false);
  // A revoked capability shows before the user tries (issue 34, point 4): the action disabled, with why and until when.
  const replyRevoked = revoked(useCapability('messages.reply'));
  const reportRevoked = revoked(useCapability('reports.file'));
  const thread = trpc.messages.thread.useQuery({ id: message.id });
  const utils = trpc.useUtils();
  const reply = trpc.messages.reply.useMutation({
    onSuccess: async () => {
      setReplying(false);
      toast({ title: 'Reply Sent', description: 'Your reply has been sent to the admin team.' });
      await utils.messages.thread.invalidate();
    },
    onError: () => toastError('Failed to send reply. Please try again.'),
  });

  return (
    <OpenedArticle
      subject={message.subject}
      heading="h2"
      headingId="message-subject"
      backLabel="Back to messages"
      onBack={onBack}
      openedId={message.id}
      testId="message-detail"
    >
      <p className="mt-1 text-sm text-base-content/70">
        From {message.from} · <time dateTime={new Date(message.createdAt).toISOString()}>{formatDateTime(message.createdAt)}</time>
      </p>
      {message.aboutPrototype && (
        <p className="mt-2 text-sm">
          About your prototype{' '}
          <Link to="/prototypes/$prototypeId" params={{ prototypeId: String(message.aboutPrototype.id) }} className="link link-primary">
            {message.aboutPrototype.prototypeName}
          </Link>
        </p>
      )}
      <p className="mt-4 whitespace-pre-wrap break-words">{message.message}</p>
      <div className="mt-4">
        {replyRevoked ? (
          <RevokedButton state={replyRevoked} label="Reply" className="btn btn-primary" />
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setReplying(true)}>
            Reply
          </button>
        )}
      </div>

      <section className="mt-8 border-t border-base-300 pt-6" aria-labelledby="conversation-heading">
        <h3 id="conversation-heading" className="mb-4 text-lg font-semibold">
          Conversation
        </h3>
        {reportRevoked && (
          <div className="mb-4">
            <RevokedButton state={reportRevoked} label="Report a message" className="btn btn-xs" />
          </div>
        )}
        {thread.isLoading ? (
          <Spinner label="Loading conversation" className="py-8" />
        ) : thread.isError ? (
          <p role="alert" className="text-error">
            The conversation could not be loaded.
          </p>
        ) : (
          <ThreadView messages={thread.data ?? []} reportable={!reportRevoked} />
        )}
      </section>

      <ModalDialog
        open={replying}
        onClose={() => setReplying(false)}
        title="Reply"
        description={<>To the admin team, about “{message.subject}”.</>}
        testId="reply-dialog"
      >
        <ReplyForm
          subject={message.subject}
          pending={reply.isPending}
          submitLabel="Send Reply"
          onCancel={() => setReplying(false)}
          onSubmit={(values) => reply.mutate({ ...values, parentMessageId: message.id })}
        />
      </ModalDialog>
    </OpenedArticle>
  );
}
