// Dates in the Security section, e.g. "Nov 23, 2026, 4:05 PM".
const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export function formatSecurityDate(date: Date | string): string {
  return dateTime.format(typeof date === 'string' ? new Date(date) : date);
}
