import { Link, useRouterState } from '@tanstack/react-router';
import { Suspense, lazy, useEffect, useState } from 'react';
import { isActiveLink, navLinks } from '~/client/auth/nav.ts';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { DataBoundary } from '~/client/data/data-boundary.tsx';
import { Brand } from './brand.tsx';
import { ThemeSwitch } from './theme-switch.tsx';

// Signed-in only: loaded when needed, so visitors' first load stays small.
const NotificationBell = lazy(() => import('~/components/notifications/notification-bell.tsx').then((m) => ({ default: m.NotificationBell })));
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));

/** The navigation bar of every page (spec section 2). */
export function Navbar() {
  const { user, isLoading } = useCurrentUser();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [menuOpen, setMenuOpen] = useState(false);
  const links = navLinks(user);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const linkClass = (to: string) =>
    `rounded-field px-3 py-2 text-sm font-medium transition-colors ${
      isActiveLink(to, pathname) ? 'bg-primary/10 text-primary' : 'text-base-content/80 hover:bg-base-200 hover:text-base-content'
    }`;

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Brand />
        <ul className="ml-6 hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={linkClass(link.to)} aria-current={isActiveLink(link.to, pathname) ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeSwitch />
          {user && (
            <Suspense fallback={null}>
              <DataBoundary>
                <NotificationBell />
              </DataBoundary>
            </Suspense>
          )}
          {isLoading ? (
            // Still, not a spinner: the page's HTML shows this until the app is live, and an animated
            // mask repaints on the main thread every frame.
            <span className="inline-block h-8 w-16 rounded-field bg-base-200" role="status" aria-label="Loading account" />
          ) : user ? (
            <Suspense fallback={<span className="loading loading-spinner loading-sm text-primary" aria-hidden="true" />}>
              <DataBoundary>
                <UserMenu user={user} />
              </DataBoundary>
            </Suspense>
          ) : (
            <Link to="/login" className="btn btn-primary btn-sm">
              Login
            </Link>
          )}
          <button
            type="button"
            className="btn btn-ghost btn-square btn-sm lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((v) => !v)}
            // A tap before the app is live opens the menu when it is (app-shell.ts).
            data-replay-click=""
            data-testid="mobile-menu-button"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </nav>
      {menuOpen && (
        <div id="mobile-menu" className="border-t border-base-300 bg-base-100 lg:hidden">
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className={`block ${linkClass(link.to)}`}
                  aria-current={isActiveLink(link.to, pathname) ? 'page' : undefined}
                  onClick={() => setMenuOpen(false)}
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li className="pt-2">
              <Link to="/prototype-submission" className="btn btn-primary btn-block" onClick={() => setMenuOpen(false)}>
                Submit Prototype
              </Link>
            </li>
          </ul>
        </div>
      )}
    </header>
  );
}
