import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { ResetPasswordScreen } from '~/components/auth/reset-password-form.tsx';

/** The e-mailed link: /reset-password#token=... (the fragment never reaches the server or its logs). */
export const Route = createFileRoute('/reset-password')({
  head: () => pageHead('Choose a new password', 'Set a new password for your Atomix Energy account.'),
  component: ResetPasswordScreen,
});
