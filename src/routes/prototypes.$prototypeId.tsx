import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { PrototypeDetailPage } from '~/components/seller/prototype-detail.tsx';

export const Route = createFileRoute('/prototypes/$prototypeId')({
  head: () => pageHead('Prototype', 'Your prototype: details, documents, quote and timeline.'),
  loader: async ({ context, params }) => {
    const trpc = await context.api();
    const user = await trpc.auth.me.ensureData();
    const id = Number(params.prototypeId);
    // A missing or foreign prototype is shown by the screen itself (404 text), not as a route error.
    if (user && Number.isInteger(id) && id > 0) await trpc.prototypes.byId.ensureData({ id }).catch(() => undefined);
  },
  component: function PrototypeRoute() {
    const { prototypeId } = Route.useParams();
    return <PrototypeDetailPage id={Number(prototypeId)} />;
  },
});
