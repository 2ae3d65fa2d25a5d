// A ticket's conversation: the description as the opening message, then the replies, oldest first.
import { formatDateTime } from '~/shared/format.ts';

interface Message {
  id: number;
  body: string;
  fromAdmin: boolean;
  author: string;
  mine: boolean;
  createdAt: Date;
}

export function TicketConversation({
  opening,
  messages,
}: {
  opening: { author: string; mine: boolean; body: string | null; createdAt: Date };
  messages: Message[];
}) {
  const items = [{ id: 0, fromAdmin: false, ...opening, body: opening.body ?? '' }, ...messages];
  return (
    <ol className="flex flex-col gap-3" aria-label="Conversation">
      {items.map((m) => (
        <li
          key={m.id}
          className={`rounded-box border p-4 ${m.fromAdmin ? 'border-primary/30 bg-primary/5' : 'border-base-300 bg-base-100'} ${m.mine ? 'sm:ml-12' : 'sm:mr-12'}`}
          data-testid="ticket-message"
        >
          <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span className="font-semibold">{m.author}</span>
            <time className="text-xs text-base-content/70" dateTime={new Date(m.createdAt).toISOString()}>
              {formatDateTime(m.createdAt)}
            </time>
          </p>
          <p className="mt-2 whitespace-pre-wrap break-words">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}
