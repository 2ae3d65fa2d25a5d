import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { PrototypeTracker } from '~/components/seller/prototype-tracker.tsx';

export const Route = createFileRoute('/prototype-tracker')({
  head: () => pageHead('Prototype Tracker', 'Live projects in the Atomix Energy portfolio, and the progress of your own prototypes.'),
  loader: async ({ context }) => {
    const trpc = await context.api();
    const user = await trpc.auth.me.ensureData();
    const load = user ? trpc.prototypes.pipeline.ensureData() : trpc.prototypes.portfolio.ensureData();
    await load.catch(() => undefined);
  },
  component: PrototypeTracker,
});
