// What the signed-in user may do now (permissions.mine), so screens hide or explain what the server
// would refuse (ADR 0019): the admin's reason and until when. The server still decides: this only
// spares a refused click.
import { trpc } from '~/client/trpc.ts';
import type { Capability } from '~/shared/capabilities.ts';

export interface CapabilityState {
  capability: Capability;
  /** While loading (or signed out) nothing is known: null. */
  allowed: boolean | null;
  /** The end of the deciding override; null for none (a revocation until further notice). */
  until: Date | null;
  /** The reason the administrator gave (shown to the user). */
  reason: string | null;
}

/** A revoked capability: a state whose `allowed` is false. */
export type RevokedCapability = CapabilityState & { allowed: false };

export function useCapability(capability: Capability, enabled = true): CapabilityState {
  const mine = trpc.permissions.mine.useQuery(undefined, { enabled, staleTime: 30_000 });
  const entry = mine.data?.find((c) => c.permission === capability);
  return { capability, allowed: entry ? entry.allowed : null, until: entry?.until ?? null, reason: entry?.reason ?? null };
}

/** The state when the capability is revoked, else null (allowed, or not known yet). */
export function revoked(state: CapabilityState): RevokedCapability | null {
  return state.allowed === false ? (state as RevokedCapability) : null;
}
