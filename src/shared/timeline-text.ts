// What a prototype timeline entry says, as one sentence ("Status changed to under review"): written
// into the row's description by the server and shown by the seller's and admin's screens alike.
import { TIMELINE_EVENTS, type TimelineEvent } from './event-names.ts';
import { formatDate, formatUsd, humanize, stateInSentence } from './format.ts';

export interface TimelineFacts {
  /** A stored row's event: one of TIMELINE_EVENTS, or a name written before the list was closed. */
  event: string;
  description?: string | null;
  metadata?: unknown;
}

type Metadata = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const day = (value: unknown) => {
  if (typeof value !== 'string' && !(value instanceof Date)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatDate(date, { timeZone: 'UTC' });
};
const amount = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? formatUsd(value) : null);

/** The status an entry moved the prototype to, if it changed one. */
export function statusAfter(entry: TimelineFacts): string | null {
  const meta = (entry.metadata ?? {}) as Metadata;
  if (entry.event.startsWith('status:')) return entry.event.slice('status:'.length); // rows of early seeds
  if (entry.event === 'stage_changed') return null; // its `to` is a stage
  return text(meta.status) ?? text(meta.to);
}

/** Whether a stored event name is one of TIMELINE_EVENTS (rows of early seeds used others, e.g. "status:under_review"). */
export function isTimelineEvent(event: string): event is TimelineEvent {
  return (TIMELINE_EVENTS as readonly string[]).includes(event);
}

/** The sentence of a known event from its metadata; null when the status it led to says it best. */
function knownSentence(event: TimelineEvent, meta: Metadata): string | null {
  switch (event) {
    case 'submitted':
      return 'Prototype submitted for confidential review';
    case 'status_changed':
      return null;
    case 'quote_provided': {
      const quote = amount(meta.amount);
      return quote ? `Quote of ${quote} provided` : 'Quote provided';
    }
    case 'quote_revised': {
      const quote = amount(meta.amount);
      return quote ? `Quote revised to ${quote}` : 'Quote revised';
    }
    case 'quote_accepted':
      return 'Quote accepted';
    case 'quote_rejected':
      return 'Quote rejected';
    case 'quote_response': {
      const verb = meta.response === 'accepted' ? 'accepted' : 'declined';
      const quote = amount(meta.quote);
      return quote ? `Seller ${verb} the quote of ${quote}` : `Seller ${verb} the quote`;
    }
    case 'document_uploaded': {
      const fileName = text(meta.fileName);
      return fileName ? `Document uploaded: ${fileName}` : 'Document uploaded';
    }
    case 'priority_changed': {
      const priority = text(meta.priority);
      return priority ? `Priority set to ${stateInSentence(priority)}` : 'Priority changed';
    }
    case 'assigned':
      return meta.assignedTo ? 'Reviewer assigned' : 'Reviewer unassigned';
    case 'comments_updated':
      return 'Reviewer comments updated';
    case 'stage_changed': {
      const from = text(meta.from);
      const to = text(meta.to);
      if (!to) return 'Stage changed';
      return from ? `Stage moved from ${stateInSentence(from)} to ${stateInSentence(to)}` : `Stage moved to ${stateInSentence(to)}`;
    }
    case 'development_started':
      return 'Development started';
    case 'deployed':
      return 'Prototype deployed';
    case 'reviewers_assigned': {
      const count = typeof meta.count === 'number' ? meta.count : null;
      return count === null ? 'Reviewers assigned' : `${count} ${count === 1 ? 'reviewer' : 'reviewers'} assigned`;
    }
    case 'reviewer_withdrawn':
      return 'A reviewer withdrew (conflict of interest)';
    case 'scorecard_submitted':
      return 'Scorecard submitted';
    case 'evaluation_finalised':
      return 'Evaluation finalised';
    case 'evaluation_released':
      return 'Evaluation released to the seller';
    case 'milestone_set': {
      const milestone = text(meta.milestone);
      const date = day(meta.date);
      if (!milestone) return 'Milestone set';
      return date ? `Milestone set: ${milestone}, due ${date}` : `Milestone set: ${milestone}`;
    }
    case 'info_requested':
      return 'More information requested';
    case 'info_answered':
      return 'Requested information provided';
    case 'discussion_recorded':
      return 'Discussion note recorded';
  }
}

export function timelineSentence(entry: TimelineFacts): string {
  const meta = (entry.metadata ?? {}) as Metadata;
  const sentence = isTimelineEvent(entry.event) ? knownSentence(entry.event, meta) : null;
  if (sentence) return sentence;
  const status = statusAfter(entry);
  if (status) {
    const reason = text(meta.reason);
    return `Status changed to ${stateInSentence(status)}${reason ? `. Reason: ${reason}` : ''}`;
  }
  return text(entry.description) ?? humanize(entry.event);
}
