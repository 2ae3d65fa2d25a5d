import { createFileRoute, redirect } from '@tanstack/react-router';
import { dashboardFor, validateSignInSearch } from '~/client/auth/after-sign-in.ts';
import { pageHead } from '~/client/page-head.ts';
import { AuthCard } from '~/components/auth/auth-card.tsx';
import { LoginForm } from '~/components/auth/login-form.tsx';
import { StandingNotice } from '~/components/moderation/standing-notice.tsx';
import { safeRedirect } from '~/shared/safe-redirect.ts';

export const Route = createFileRoute('/login')({
  validateSearch: validateSignInSearch,
  // Someone already signed in has nothing to do here: on to where they were going, or their dashboard.
  beforeLoad: async ({ context, search }) => {
    const user = await (await context.api()).auth.me.ensureData();
    if (user) throw redirect({ href: safeRedirect(search.redirect) ?? dashboardFor(user), replace: true });
  },
  head: () => pageHead('Sign in', 'Sign in to submit prototypes, follow quotes and talk with the Atomix Energy team.'),
  component: Screen,
});

function Screen() {
  const { redirect: redirectTo } = Route.useSearch();
  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your Atomix Energy account">
      <StandingNotice />
      <LoginForm redirectTo={redirectTo} />
    </AuthCard>
  );
}
