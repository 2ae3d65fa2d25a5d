// What a prototype timeline entry says, as one sentence ("Status changed to under review"): written
// into the row's description by the server and shown by the seller's and admin's screens alike.
import { formatUsd, humanize, stateInSentence } from './format.ts';

export interface TimelineFacts {
  event: string;
  description?: string | null;
  metadata?: unknown;
}

type Metadata = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const amount = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? formatUsd(value) : null);

/** The status an entry moved the prototype to, if it changed one. */
export function statusAfter(entry: TimelineFacts): string | null {
  const meta = (entry.metadata ?? {}) as Metadata;
  if (entry.event.startsWith('status:')) return entry.event.slice('status:'.length); // rows of early seeds
  if (entry.event === 'stage_changed') return null; // its `to` is a stage
  return text(meta.status) ?? text(meta.to);
}

export function timelineSentence(entry: TimelineFacts): string {
  const meta = (entry.metadata ?? {}) as Metadata;
  switch (entry.event) {
    case 'submitted':
      return 'Prototype submitted for confidential review';
    case 'quote_provided': {
      const quote = amount(meta.amount);
      return quote ? `Quote of ${quote} provided` : 'Quote provided';
    }
    case 'quote_revised': {
      const quote = amount(meta.amount);
      return quote ? `Quote revised to ${quote}` : 'Quote revised';
    }
    case 'stage_changed': {
      const to = text(meta.to);
      return to ? `Stage moved to ${stateInSentence(to)}` : 'Stage changed';
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
  }
  const status = statusAfter(entry);
  if (status) {
    const reason = text(meta.reason);
    return `Status changed to ${stateInSentence(status)}${reason ? `. Reason: ${reason}` : ''}`;
  }
  return text(entry.description) ?? humanize(entry.event);
}
