import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { AuthCard } from '~/components/auth/auth-card.tsx';
import { RegisterForm } from '~/components/auth/register-form.tsx';

export const Route = createFileRoute('/register')({
  head: () => pageHead('Create account', 'Create an Atomix Energy account to submit your energy prototype for confidential review.'),
  component: () => (
    <AuthCard title="Create your account" subtitle="Submit prototypes and follow their review">
      <RegisterForm />
    </AuthCard>
  ),
});
