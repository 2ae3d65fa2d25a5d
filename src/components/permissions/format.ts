// How permission screens write an override's end, e.g. "Nov 30, 2026, 9:30 AM UTC".
const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

export function formatUntil(date: Date | string): string {
  return `${dateTime.format(typeof date === 'string' ? new Date(date) : date)} UTC`;
}
