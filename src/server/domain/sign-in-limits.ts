// The sign-in limits' recipe (ADR 0008), shared by every password check: sign-in, the profile's
// current password and the Security section's password confirmations.
import { type LimiterScope, addressOf, clear, consume, reward } from './rate-limit.ts';

interface SignInScope extends LimiterScope {
  meta: { ip: string | null };
}

/**
 * Counts a password check against the sign-in limits before the password is verified: the
 * attacker's own keys first (this account from this address, then this address), the account's
 * shared budget last, so one address can never use up more than its own share of it.
 */
export async function consumeSignInAttempt(ctx: SignInScope, email: string, refusal?: string) {
  const address = addressOf(ctx.meta);
  await consume(ctx, 'signInAccountAddress', `${email}|${address}`, refusal);
  await consume(ctx, 'signInAddress', address, refusal);
  await consume(ctx, 'signInAccount', email, refusal);
}

/** The right password: this account's tries from here start over, and the attempt is given back. */
export async function signInSucceeded(ctx: SignInScope, email: string) {
  const address = addressOf(ctx.meta);
  await clear(ctx, 'signInAccountAddress', `${email}|${address}`);
  await reward(ctx, 'signInAddress', address);
  await reward(ctx, 'signInAccount', email);
}
