// Dates on the Messages screens (spec section 2): month day, year and time, e.g. "November 22, 2026 at 3:05 PM".
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

export function formatMessageDate(date: Date | string): string {
  return dateTime.format(typeof date === 'string' ? new Date(date) : date);
}

/** "Re: subject", without stacking "Re: Re: ...". */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/** A one-line preview of a message body. */
export function preview(text: string, max = 90): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
