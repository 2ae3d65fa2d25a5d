// A conversation, oldest first: the viewer's own messages on the right, the other side's on the left.
import type { RouterOutputs } from '~/client/trpc.ts';
import { formatDateTime } from '~/shared/format.ts';
import { ReportButton } from '~/components/reports/report-button.tsx';

export type ThreadMessage = RouterOutputs['messages']['thread'][number];

/** `reportable`: the reader may report the other side's messages (a seller reading the team's). */
export function ThreadView({ messages, label = 'Conversation', reportable = false }: { messages: ThreadMessage[]; label?: string; reportable?: boolean }) {
  return (
    <ol aria-label={label} className="flex flex-col gap-3" data-testid="thread">
      {messages.map((m) => (
        <li key={m.id} className={`chat ${m.mine ? 'chat-end' : 'chat-start'}`} data-testid="thread-message">
          <div className="chat-header mb-1 flex flex-wrap items-baseline gap-x-2 text-xs">
            <span className="font-semibold">{m.from}</span>
            <time dateTime={new Date(m.createdAt).toISOString()} className="text-base-content/70">
              {formatDateTime(m.createdAt)}
            </time>
            {reportable && !m.mine && <ReportButton targetType="message" targetId={m.id} targetLabel={`the message "${m.subject}"`} />}
          </div>
          <div className={`chat-bubble max-w-[90%] sm:max-w-[80%] ${m.mine ? 'chat-bubble-primary' : 'bg-base-200 text-base-content'}`}>
            <p className="font-semibold">{m.subject}</p>
            <p className="mt-1 whitespace-pre-wrap break-words">{m.message}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
