// Subjects and previews on the Messages screens (dates: formatDateTime of ~/shared/format.ts).

/** "Re: subject", without stacking "Re: Re: ...". */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/** A one-line preview of a message body. */
export function preview(text: string, max = 90): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
