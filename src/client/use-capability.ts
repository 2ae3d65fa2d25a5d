// What the signed-in user may do now (permissions.mine), so screens hide or explain what the server
// would refuse (ADR 0019). The server still decides: this only spares a refused click.
import { trpc } from '~/client/trpc.ts';
import type { Capability } from '~/shared/capabilities.ts';

/** While loading (or signed out) nothing is known: `allowed` is null. */
export function useCapability(capability: Capability, enabled = true): { allowed: boolean | null; until: Date | null } {
  const mine = trpc.permissions.mine.useQuery(undefined, { enabled, staleTime: 30_000 });
  const entry = mine.data?.find((c) => c.permission === capability);
  return { allowed: entry ? entry.allowed : null, until: entry?.until ?? null };
}
