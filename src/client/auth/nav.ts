// Navigation rules of spec section 2, pure so they can be tested without a browser.
import type { Role } from '~/shared/constants.ts';

export interface NavLink {
  to: string;
  label: string;
}

const PUBLIC_LINKS: NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/services', label: 'Services' },
  { to: '/technology', label: 'Technology' },
  { to: '/contact', label: 'Contact' },
];

export function navLinks(user: { role: Role } | null | undefined): NavLink[] {
  const links = [...PUBLIC_LINKS];
  if (user) links.push({ to: '/seller-dashboard', label: 'Dashboard' });
  if (user?.role === 'admin') links.push({ to: '/admin-panel', label: 'Admin Panel' });
  return links;
}

/**
 * The spec's dropdown (Profile Settings, Messages, Admin Panel for admins) plus the signed-in screens
 * no other menu reaches: a seller's payouts, the prototype tracker, Support (and the support queue for admins).
 */
export function userMenuLinks(user: { role: Role }): NavLink[] {
  const links = [
    { to: '/profile', label: 'Profile Settings' },
    { to: '/messages', label: 'Messages' },
    { to: '/payouts', label: 'Payouts' },
    { to: '/prototype-tracker', label: 'Prototype Tracker' },
    { to: '/support', label: 'Support' },
  ];
  if (user.role === 'admin') links.push({ to: '/admin-panel', label: 'Admin Panel' }, { to: '/admin/support', label: 'Support queue' });
  return links;
}

/** The screens a navigation link stands for, besides the paths below its own. */
const LINK_AREAS: Record<string, string[]> = {
  '/seller-dashboard': ['/dashboard', '/prototypes', '/prototype-submission', '/payouts'],
  '/admin-panel': ['/admin', '/admin-inbox'],
};

function isWithin(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(base.endsWith('/') ? base : `${base}/`);
}

/**
 * "/" is active only on the home page; every other link also covers the paths below it and the
 * screens of its area (Dashboard on a prototype's page, Admin Panel in the admin inbox).
 */
export function isActiveLink(linkTo: string, pathname: string): boolean {
  if (linkTo === '/') return pathname === '/';
  return [linkTo, ...(LINK_AREAS[linkTo] ?? [])].some((base) => isWithin(pathname, base));
}

/** The user menu's button: first name, otherwise email, otherwise "User". */
export function userLabel(user: { firstName?: string | null; email?: string | null }): string {
  return user.firstName?.trim() || user.email?.trim() || 'User';
}
