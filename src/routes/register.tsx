import { createFileRoute, redirect } from '@tanstack/react-router';
import { dashboardFor, validateSignInSearch } from '~/client/auth/after-sign-in.ts';
import { pageHead } from '~/client/page-head.ts';
import { AuthCard } from '~/components/auth/auth-card.tsx';
import { RegisterForm } from '~/components/auth/register-form.tsx';
import { safeRedirect } from '~/shared/safe-redirect.ts';

export const Route = createFileRoute('/register')({
  validateSearch: validateSignInSearch,
  // Someone already signed in has no account to create: on to where they were going, or their dashboard.
  beforeLoad: async ({ context, search }) => {
    const user = await (await context.api()).auth.me.ensureData();
    if (user) throw redirect({ href: safeRedirect(search.redirect) ?? dashboardFor(user), replace: true });
  },
  head: () => pageHead('Create account', 'Create an Atomix Energy account to submit your energy prototype for confidential review.'),
  component: Screen,
});

function Screen() {
  const { redirect: redirectTo } = Route.useSearch();
  return (
    <AuthCard title="Create your account" subtitle="Submit prototypes and follow their review">
      <RegisterForm redirectTo={redirectTo} />
    </AuthCard>
  );
}
