// The Stripe SDK, loaded when a payout, a Stripe error or a webhook first needs it. Importing it
// costs ~21 MB of memory, which an instance without Stripe keys never needs (ADR 0023). Every use
// in the server goes through here: a dynamic import gives the one ESM copy that a static import
// gives, so `instanceof` on the SDK's errors holds (the package also ships a CommonJS copy).
import type StripeSdk from 'stripe';

let loading: Promise<typeof StripeSdk> | undefined;

export function loadStripeSdk(): Promise<typeof StripeSdk> {
  // A failed load is not remembered: the next need tries again.
  return (loading ??= import('stripe').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}
