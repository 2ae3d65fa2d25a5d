import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { SupportPage } from '~/components/support/support-page.tsx';

/** /support: the user's tickets and the "New ticket" form. */
export const Route = createFileRoute('/_auth/support/')({
  head: () => pageHead('Support', 'Your support tickets with the Atomix Energy team.'),
  loader: ({ context }) => context.trpc.support.mine.ensureData().catch(() => undefined),
  component: SupportPage,
});
