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

/**
 * Signed-in users also see Dashboard (their seller dashboard); an admin's dashboard is the Admin
 * Panel, so admins see that in its place rather than a seller's empty screen (issue 34, point 11).
 */
export function navLinks(user: { role: Role } | null | undefined): NavLink[] {
  const links = [...PUBLIC_LINKS];
  if (user?.role === 'admin') links.push({ to: '/admin-panel', label: 'Admin Panel' });
  else if (user) links.push({ to: '/seller-dashboard', label: 'Dashboard' });
  return links;
}

/**
 * The spec's dropdown (Profile Settings, Messages, Admin Panel for admins) plus the signed-in screens
 * no other menu reaches: a seller's payouts and prototype tracker, Support. Admins reach their own
 * screens instead: every seller's payouts, the support queue (a seller's tracker would be empty).
 */
export function userMenuLinks(user: { role: Role }): NavLink[] {
  if (user.role === 'admin') {
    return [
      { to: '/profile', label: 'Profile Settings' },
      { to: '/messages', label: 'Messages' },
      { to: '/admin/payouts', label: 'Payouts' },
      { to: '/support', label: 'Support' },
      { to: '/admin-panel', label: 'Admin Panel' },
      { to: '/admin/support', label: 'Support queue' },
    ];
  }
  return [
    { to: '/profile', label: 'Profile Settings' },
    { to: '/messages', label: 'Messages' },
    { to: '/payouts', label: 'Payouts' },
    { to: '/prototype-tracker', label: 'Prototype Tracker' },
    { to: '/support', label: 'Support' },
  ];
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
