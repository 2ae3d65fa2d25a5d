import { Link } from '@tanstack/react-router';
import { type NavLink } from '~/client/auth/nav.ts';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { Brand } from './brand.tsx';

const COMPANY_LINKS: NavLink[] = [
  { to: '/about', label: 'About' },
  { to: '/services', label: 'Services' },
  { to: '/technology', label: 'Technology' },
  { to: '/contact', label: 'Contact' },
];

/** For inventors: submitting and tracking, then their own screens, or signing in (nothing while the session loads). */
function inventorLinks(user: ReturnType<typeof useCurrentUser>['user'], isLoading: boolean): NavLink[] {
  const links: NavLink[] = [
    { to: '/prototype-submission', label: 'Submit Prototype' },
    { to: '/prototype-tracker', label: 'Prototype Tracker' },
  ];
  if (user) {
    const admin = user.role === 'admin';
    if (!admin) links.push({ to: '/seller-dashboard', label: 'Dashboard' });
    links.push({ to: '/support', label: 'Support' }, admin ? { to: '/admin-panel', label: 'Admin Panel' } : { to: '/payouts', label: 'Payouts' });
  } else if (!isLoading) {
    links.push({ to: '/login', label: 'Sign in' }, { to: '/register', label: 'Create account' });
  }
  return links;
}

function LinkColumn({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm text-base-content/70">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="link-hover">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  const { user, isLoading } = useCurrentUser();
  return (
    <footer className="border-t border-base-300 bg-base-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <Brand />
          <p className="mt-3 max-w-md text-sm text-base-content/70">
            We acquire and develop breakthrough energy prototypes from inventors and research institutions, with confidential evaluation and fair compensation.
          </p>
        </div>
        <LinkColumn title="Company" links={COMPANY_LINKS} />
        <LinkColumn title="Inventors" links={inventorLinks(user, isLoading)} />
      </div>
      <p className="border-t border-base-300 py-4 text-center text-xs text-base-content/70">© {year} Atomix Energy. All rights reserved.</p>
    </footer>
  );
}
