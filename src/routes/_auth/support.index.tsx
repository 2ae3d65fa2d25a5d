import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { SupportPage } from '~/components/support/support-page.tsx';

/** /support: the user's tickets and the "New ticket" form. */
export const Route = createFileRoute('/_auth/support/')({
  head: () => pageHead('Support', 'Your support tickets with the Atomix Energy team.'),
  // What the user may do first: with tickets.open revoked the page explains rather than reads (a 403).
  loader: async ({ context }) => {
    const mine = await context.trpc.permissions.mine.ensureData().catch(() => undefined);
    if (mine?.find((c) => c.permission === 'tickets.open')?.allowed === false) return;
    await context.trpc.support.mine.ensureData().catch(() => undefined);
  },
  component: SupportPage,
});
