import { formatDateTime } from '~/shared/format.ts';
import { timelineSentence } from '~/shared/timeline-text.ts';
import type { PrototypeDetail } from './types.ts';

/** The prototype's history from prototype_timeline: what happened (one sentence), who did it, when. */
export function TimelineList({ events, currentUserId }: { events: PrototypeDetail['timeline']; currentUserId: string }) {
  if (events.length === 0) return <p className="text-sm text-base-content/70">No events yet</p>;
  return (
    <ol className="relative flex flex-col gap-5 border-l-2 border-base-300 pl-5" data-testid="timeline">
      {events.map((event) => {
        const who = event.performedBy === currentUserId ? 'You' : event.performer?.role === 'admin' ? 'Atomix team' : event.performer ? 'Seller' : 'System';
        return (
          <li key={event.id} className="relative">
            <span aria-hidden="true" className="absolute -left-[1.72rem] top-1 size-3 rounded-full border-2 border-base-100 bg-primary" />
            <p className="font-medium">{timelineSentence(event)}</p>
            <p className="text-xs text-base-content/70">
              {who} · <time dateTime={new Date(event.eventDate).toISOString()}>{formatDateTime(event.eventDate)}</time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
