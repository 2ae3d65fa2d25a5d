import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { ForgotPasswordScreen } from '~/components/auth/forgot-password-form.tsx';

export const Route = createFileRoute('/forgot-password')({
  head: () => pageHead('Forgot password', 'Get a link to choose a new password for your Atomix Energy account.'),
  component: ForgotPasswordScreen,
});
