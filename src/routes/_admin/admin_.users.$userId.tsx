import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '~/client/page-head.ts';
import { AdminUserPage } from '~/components/admin/user-page/user-page.tsx';

/** /admin/users/:id: a user's profile, moderation history and actions, and activity (issue 15). */
export const Route = createFileRoute('/_admin/admin_/users/$userId')({
  head: () => pageHead('User', "A user's profile, moderation history and activity."),
  loader: ({ context, params }) =>
    context.isAdmin
      ? Promise.all([context.trpc.moderation.user.ensureData({ id: params.userId }), context.trpc.moderation.history.ensureData({ id: params.userId })]).catch(
          () => undefined,
        )
      : undefined,
  component: function AdminUserRoute() {
    const { userId } = Route.useParams();
    return <AdminUserPage userId={userId} />;
  },
});
