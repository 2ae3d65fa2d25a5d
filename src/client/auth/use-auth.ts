// Signing out on the client (spec section 4, Authentication). The current user itself is in
// ./current-user.ts (a guest is simply "no user").
import { useNavigate } from '@tanstack/react-router';
import { trpc } from '~/client/trpc.ts';

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
