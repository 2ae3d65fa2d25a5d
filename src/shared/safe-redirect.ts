// Where sign-in may send someone back to: a screen on this site, never another site (no open redirect).
// Route options use it, so it loads with every page: plain code, no zod.

export const MAX_REDIRECT_LENGTH = 2000;

const BASE = 'https://atomix.invalid';
// C0 and C1 control characters and backslashes: browsers drop or rewrite them (`/\evil` is `//evil`).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\\]/;
/** Screens that lead to sign-in (returning there would loop) and paths that are not screens at all. */
const NOT_A_DESTINATION = /^\/(?:login|register|forgot-password|reset-password|invitation|api|trpc)(?:\/|$)/i;

/** Decodes percent-escapes until nothing changes; null if malformed. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 5; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * The same-site relative path (`/messages?id=4#latest`) a `redirect` value names, normalised, or null
 * when it is anything else: absolute or protocol-relative URLs, backslash and control-character
 * tricks (also percent-encoded), the sign-in screens themselves, and values over 2,000 characters.
 */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE_CHARACTERS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  // The path is what a browser or the router may decode: it must stay a plain path once decoded too.
  const path = fullyDecoded(url.pathname);
  if (url.origin !== BASE || path === null || path.startsWith('//') || UNSAFE_CHARACTERS.test(path) || NOT_A_DESTINATION.test(path)) {
    return null;
  }
  const normalised = url.pathname + url.search + url.hash;
  return normalised.length <= MAX_REDIRECT_LENGTH ? normalised : null;
}
