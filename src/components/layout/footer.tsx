import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { Brand } from './brand.tsx';

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
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold">Company</h2>
          <ul className="mt-3 space-y-2 text-sm text-base-content/70">
            <li>
              <Link to="/about" className="link-hover">
                About
              </Link>
            </li>
            <li>
              <Link to="/services" className="link-hover">
                Services
              </Link>
            </li>
            <li>
              <Link to="/technology" className="link-hover">
                Technology
              </Link>
            </li>
            <li>
              <Link to="/contact" className="link-hover">
                Contact
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Inventors">
          <h2 className="text-sm font-semibold">Inventors</h2>
          <ul className="mt-3 space-y-2 text-sm text-base-content/70">
            <li>
              <Link to="/prototype-submission" className="link-hover">
                Submit Prototype
              </Link>
            </li>
            <li>
              <Link to="/prototype-tracker" className="link-hover">
                Prototype Tracker
              </Link>
            </li>
            {user ? (
              <>
                {user.role !== 'admin' && (
                  <li>
                    <Link to="/seller-dashboard" className="link-hover">
                      Dashboard
                    </Link>
                  </li>
                )}
                <li>
                  <Link to="/support" className="link-hover">
                    Support
                  </Link>
                </li>
                <li>
                  {user.role === 'admin' ? (
                    <Link to="/admin-panel" className="link-hover">
                      Admin Panel
                    </Link>
                  ) : (
                    <Link to="/payouts" className="link-hover">
                      Payouts
                    </Link>
                  )}
                </li>
              </>
            ) : isLoading ? null : (
              <>
                <li>
                  <Link to="/login" className="link-hover">
                    Sign in
                  </Link>
                </li>
                <li>
                  <Link to="/register" className="link-hover">
                    Create account
                  </Link>
                </li>
              </>
            )}
          </ul>
        </nav>
      </div>
      <p className="border-t border-base-300 py-4 text-center text-xs text-base-content/70">© {year} Atomix Energy. All rights reserved.</p>
    </footer>
  );
}
