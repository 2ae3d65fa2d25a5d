import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { AuthCard } from '~/components/auth/auth-card.tsx';
import { LoginForm } from '~/components/auth/login-form.tsx';

export const Route = createFileRoute('/login')({
  head: () => pageHead('Sign in', 'Sign in to submit prototypes, follow quotes and talk with the Atomix Energy team.'),
  component: () => (
    <AuthCard title="Welcome back" subtitle="Sign in to your Atomix Energy account">
      <LoginForm />
    </AuthCard>
  ),
});
