// The sign-in limits' recipe (ADR 0008), shared by every password check: sign-in, the profile's
// current password and the Security section's password confirmations.
import { type Limiter, addressOf } from './rate-limit.ts';

interface SignInScope {
  limiter: Limiter;
  meta: { ip: string | null };
}

/**
 * Counts a password check against the sign-in limits before the password is verified: the
 * attacker's own keys first (this account from this address, then this address), the account's
 * shared budget last, so one address can never use up more than its own share of it.
 */
export async function consumeSignInAttempt({ limiter, meta }: SignInScope, email: string, refusal?: string) {
  const address = addressOf(meta);
  await limiter.consume('signInAccountAddress', `${email}|${address}`, refusal);
  await limiter.consume('signInAddress', address, refusal);
  await limiter.consume('signInAccount', email, refusal);
}

/** The right password: this account's tries from here start over, and the attempt is given back. */
export async function signInSucceeded({ limiter, meta }: SignInScope, email: string) {
  const address = addressOf(meta);
  await limiter.clear('signInAccountAddress', `${email}|${address}`);
  await limiter.reward('signInAddress', address);
  await limiter.reward('signInAccount', email);
}
