import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { ProfileForm } from '~/components/auth/profile-form.tsx';

export const Route = createFileRoute('/_auth/profile')({
  head: () => pageHead('Profile settings', 'Update your Atomix Energy account details and password.'),
  // The Security section's lists; a failure shows in the section itself.
  loader: ({ context }) =>
    Promise.all([
      context.trpc.security.twoFactorStatus.ensureData(),
      context.trpc.security.sessions.ensureData(),
      context.trpc.security.signInAttempts.ensureData(),
    ]).catch(() => undefined),
  pendingComponent: () => <p className="px-4 py-24 text-center">Loading...</p>,
  component: ProfileForm,
});
