// E-mail domains that say nothing about where someone works (issue 33, point 1; ADR 0049): public
// mail providers, where strangers share a domain, and the names reserved for examples and tests
// (RFC 2606, RFC 6761), which no organization holds. The one list the conflict-of-interest rule reads.

/** Public mail providers, compared with the address's whole domain. */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  'tutanota.com',
  'fastmail.com',
  'hey.com',
  'web.de',
  't-online.de',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'libero.it',
]);

/** Providers under many country suffixes (gmx.de, gmx.net, gmx.at, …): the name before the suffix. */
const PUBLIC_MAIL_NAMES: ReadonlySet<string> = new Set(['gmx', 'yahoo', 'hotmail', 'outlook', 'live']);

/** Reserved for documentation and tests: never an organization's domain. */
const RESERVED_SUFFIXES = ['.test', '.example', '.invalid', '.localhost', '.local'];
const RESERVED_DOMAINS: ReadonlySet<string> = new Set(['example.com', 'example.net', 'example.org']);

/** The domain of an address, lower-cased ('' when there is none). */
export function mailDomainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** Whether two people sharing this domain says nothing about a shared employer. */
export function isNonOrganizationalDomain(domain: string): boolean {
  const d = domain.toLowerCase().replace(/\.$/, '');
  if (d === '' || PUBLIC_MAIL_DOMAINS.has(d) || RESERVED_DOMAINS.has(d)) return true;
  if (RESERVED_SUFFIXES.some((suffix) => d.endsWith(suffix) || d === suffix.slice(1))) return true;
  const name = d.split('.')[0] ?? '';
  return PUBLIC_MAIL_NAMES.has(name) && d.split('.').length <= 3;
}

/** The organizational domain two addresses share, or null (different, or a public or reserved one). */
export function sharedOrganizationDomain(a: string, b: string): string | null {
  const domain = mailDomainOf(a);
  return domain !== '' && domain === mailDomainOf(b) && !isNonOrganizationalDomain(domain) ? domain : null;
}

/** An organization's name as compared: case, accents, punctuation and spacing ignored ("ACME, Inc." = "Acme Inc"). */
export function organizationKey(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
