// A seller's screen under another one (a prototype under the dashboard, a ticket under Support): the
// way back and where they are. The admin screens' trail starts at the Admin Panel (AdminBreadcrumbs).
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { NavLink } from '~/client/auth/nav.ts';

export function Breadcrumbs({ parent, current }: { parent: NavLink; current: ReactNode }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
      <ul>
        <li>
          <Link to={parent.to}>{parent.label}</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ul>
    </nav>
  );
}
