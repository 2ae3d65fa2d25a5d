import { createFileRoute } from '@tanstack/react-router';
import { passSignedIn, validateSignInSearch } from '~/client/auth/after-sign-in.ts';
import { pageHead } from '~/client/page-head.ts';
import { AuthCard } from '~/components/auth/auth-card.tsx';
import { LoginForm } from '~/components/auth/login-form.tsx';
import { StandingNotice } from '~/components/moderation/standing-notice.tsx';

export const Route = createFileRoute('/login')({
  validateSearch: validateSignInSearch,
  beforeLoad: passSignedIn,
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
