import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { ProfileForm } from '~/components/auth/profile-form.tsx';

export const Route = createFileRoute('/_auth/profile')({
  head: () => pageHead('Profile settings', 'Update your Atomix Energy account details and password.'),
  pendingComponent: () => <p className="px-4 py-24 text-center">Loading...</p>,
  component: ProfileForm,
});
