// Profile, Security: two-factor sign-in, the signed-in devices and the recent sign-in attempts.
import { useCurrentUser } from '~/client/auth/current-user.ts';
import { SessionsCard } from './sessions-card.tsx';
import { SignInAttemptsCard } from './sign-in-attempts-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

export const SECURITY_SECTION_ID = 'security';

export function SecuritySection() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <section id={SECURITY_SECTION_ID} className="mt-8 scroll-mt-24" aria-labelledby="account-security-heading" data-testid="security-section">
      <h2 id="account-security-heading" className="text-2xl font-bold">
        Account security
      </h2>
      {user.twoFactorSetupRequired && (
        <p role="alert" className="alert alert-warning mt-4">
          Administrators must turn on two-factor authentication before using the admin panel. Set it up below.
        </p>
      )}
      {user.twoFactorSignInRequired && (
        <p role="alert" className="alert alert-warning mt-4">
          This session was opened without your authentication code. To use the admin panel, sign out and sign in again with your password and a code from your
          authenticator app.
        </p>
      )}
      <TwoFactorCard />
      <SessionsCard />
      <SignInAttemptsCard />
    </section>
  );
}
