import { createFileRoute } from '@tanstack/react-router';
import { passSignedIn, validateSignInSearch } from '~/client/auth/after-sign-in.ts';
import { pageHead } from '~/client/page-head.ts';
import { AuthCard } from '~/components/auth/auth-card.tsx';
import { RegisterForm } from '~/components/auth/register-form.tsx';

export const Route = createFileRoute('/register')({
  validateSearch: validateSignInSearch,
  beforeLoad: passSignedIn,
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
