// Where someone goes once signed in: back where they were (a safe `redirect`), else their dashboard.
import { redirect } from '@tanstack/react-router';
import { compact } from '~/client/search-params.ts';
import type { TrpcQueryUtils } from '~/client/trpc.ts';
import { safeRedirect } from '~/shared/safe-redirect.ts';

/** The search params of /login and /register: `redirect` survives only if it is a safe same-site path. */
export interface SignInSearch {
  redirect?: string;
}

export function validateSignInSearch(input: Record<string, unknown>): SignInSearch {
  // The key stays, even when undefined: the router keeps raw params a route's result does not override.
  return { redirect: safeRedirect(input.redirect) ?? undefined };
}

/** Spec section 6: an admin's dashboard is the admin panel, everyone else's the seller dashboard. */
export function dashboardFor(user: { role: string }): '/admin-panel' | '/seller-dashboard' {
  return user.role === 'admin' ? '/admin-panel' : '/seller-dashboard';
}

/**
 * The `beforeLoad` of /login and /register: someone already signed in has nothing to do there, and
 * goes on to where they were going, or to their dashboard.
 */
export async function passSignedIn({ context, search }: { context: { api: () => Promise<TrpcQueryUtils> }; search: SignInSearch }) {
  const user = await (await context.api()).auth.me.ensureData();
  if (user) throw redirect({ href: safeRedirect(search.redirect) ?? dashboardFor(user), replace: true });
}

/** For a guest sent to /login from `href` (a path with its query): the search that brings them back. */
export function returnTo(href: string): SignInSearch {
  return compact({ redirect: safeRedirect(href) ?? undefined });
}
