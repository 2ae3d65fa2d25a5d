// The current user on the client (spec section 4, Authentication): a guest is simply "no user".
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '~/client/trpc.ts';

export function useCurrentUser() {
  const query = trpc.auth.me.useQuery(undefined);
  return { user: query.data ?? null, isLoading: query.isLoading, isError: query.isError };
}

/** After logout the cached user (and every private query) is dropped and the browser goes to "/". */
export function useLogout() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return trpc.auth.logout.useMutation({
    onSuccess: async () => {
      await navigate({ to: '/' });
      utils.auth.me.setData(undefined, null);
      // Private data of the signed-out user must not stay in the cache.
      await utils.invalidate();
    },
    // Spec section 8: a failed logout is logged only.
    onError: (error) => console.error('Logout failed', error),
  });
}
