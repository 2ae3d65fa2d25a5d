// The signed-in user as every screen sees it. Kept outside the data layer so that the navbar works
// without it: guests on the marketing pages never load tRPC and React Query. Once the data layer is
// loaded (src/client/data/data-layer.tsx) it keeps this store in step with `auth.me`.
import { useSyncExternalStore } from 'react';
import type { RouterOutputs } from '~/client/trpc.ts';

export type CurrentUser = NonNullable<RouterOutputs['auth']['me']>;

export interface CurrentUserState {
  user: CurrentUser | null;
  isLoading: boolean;
  isError: boolean;
}

/** Unknown yet: what the server's HTML shows (a spinner in the navbar) and hydration starts from. */
const UNKNOWN: CurrentUserState = { user: null, isLoading: true, isError: false };
export const GUEST: CurrentUserState = { user: null, isLoading: false, isError: false };

let state = UNKNOWN;
const listeners = new Set<() => void>();

export function setCurrentUser(next: CurrentUserState) {
  state = next;
  for (const listener of listeners) listener();
}

function currentUserState(): CurrentUserState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentUser(): CurrentUserState {
  return useSyncExternalStore(subscribe, currentUserState, () => UNKNOWN);
}
