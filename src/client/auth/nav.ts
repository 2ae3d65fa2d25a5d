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

export function userMenuLinks(user: { role: Role }): NavLink[] {
  const links = [
    { to: '/profile', label: 'Profile Settings' },
    { to: '/messages', label: 'Messages' },
  ];
  if (user.role === 'admin') links.push({ to: '/admin-panel', label: 'Admin Panel' });
  return links;
}

/** "/" is active only on the home page; every other link also covers the paths below it. */
export function isActiveLink(linkTo: string, pathname: string): boolean {
  if (linkTo === '/') return pathname === '/';
  return pathname.startsWith(linkTo);
}

/** The user menu's button: first name, otherwise email, otherwise "User". */
export function userLabel(user: { firstName?: string | null; email?: string | null }): string {
  return user.firstName?.trim() || user.email?.trim() || 'User';
}
