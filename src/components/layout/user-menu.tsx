import { Link } from '@tanstack/react-router';
import { useDropdown } from '~/client/use-dismiss.ts';
import { userLabel, userMenuLinks } from '~/client/auth/nav.ts';
import { useLogout } from '~/client/auth/use-auth.ts';
import type { Role } from '~/shared/constants.ts';

/** The signed-in user's dropdown (spec section 2): Profile Settings, Messages, Admin Panel (admins), Logout. */
export function UserMenu({ user }: { user: { firstName: string | null; email: string; role: Role } }) {
  const { open, close, container, toggle } = useDropdown('user-menu');
  const logout = useLogout();

  return (
    <div ref={container} className="relative">
      <button {...toggle} className="btn btn-ghost btn-sm max-w-48 gap-2 normal-case" data-testid="user-menu-button">
        <span className="grid h-7 w-7 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-content" aria-hidden="true">
          {userLabel(user).charAt(0).toUpperCase()}
        </span>
        <span className="sr-only truncate sm:not-sr-only">{userLabel(user)}</span>
      </button>
      {open && (
        <ul id="user-menu" className="menu absolute right-0 z-50 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
          {userMenuLinks(user).map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={close}>
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              disabled={logout.isPending}
              onClick={() => {
                close();
                logout.mutate();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
