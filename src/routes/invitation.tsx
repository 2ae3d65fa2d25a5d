import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { InvitationScreen } from '~/components/auth/invitation-form.tsx';

/** The e-mailed invitation to the admin team: /invitation#token=... (the fragment never reaches the server or its logs). */
export const Route = createFileRoute('/invitation')({
  head: () => pageHead('Join the admin team', 'Accept your invitation to the Atomix Energy admin team.'),
  component: InvitationScreen,
});
