// Stripe Connect Express onboarding: one connected account per seller (created on first use), an
// account link to Stripe's hosted onboarding, and the account's state mirrored on the user row
// (payouts enabled, details submitted) from the return route and from account.updated webhooks.
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { Prisma } from '~/generated/prisma/client.ts';
import type { Db } from '../db/index.ts';
import { notify } from '../domain/notifications.ts';
import type { EmailLinks } from '../mail/mailer.ts';

type Tx = Prisma.TransactionClient;

export const CONNECT_RETURN_PATH = '/payouts/connect/return';
export const CONNECT_REFRESH_PATH = '/payouts/connect/refresh';

export interface PayoutAccountState {
  connected: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** The seller's connected account, created if there is none yet, and a fresh onboarding link. */
export async function createOnboardingLink(db: Db, stripe: Stripe, publicUrl: string, userId: string): Promise<{ url: string }> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, stripeAccountId: true } });
  let accountId = user.stripeAccountId;
  if (!accountId) {
    // Two clicks (or tabs) ask Stripe with one key and get one account.
    const emailHash = createHash('sha256').update(user.email).digest('hex').slice(0, 12);
    const account = await stripe.accounts.create(
      {
        type: 'express',
        email: user.email,
        capabilities: { transfers: { requested: true } },
        metadata: { user_id: userId },
      },
      { idempotencyKey: `connect-account-${userId}-${emailHash}` },
    );
    await db.user.updateMany({
      where: { id: userId, stripeAccountId: null },
      data: { stripeAccountId: account.id, stripePayoutsEnabled: account.payouts_enabled, stripeDetailsSubmitted: account.details_submitted },
    });
    accountId = (await db.user.findUniqueOrThrow({ where: { id: userId }, select: { stripeAccountId: true } })).stripeAccountId!;
  }
  const link = await stripe.accountLinks.create({
    account: accountId,
    type: 'account_onboarding',
    refresh_url: `${publicUrl}${CONNECT_REFRESH_PATH}`,
    return_url: `${publicUrl}${CONNECT_RETURN_PATH}`,
  });
  return { url: link.url };
}

/**
 * Mirrors a connected account's state on its seller (from a webhook or a fresh retrieve). Tells the
 * seller when payouts become enabled. Returns null for an account no seller has.
 */
export async function applyAccountState(
  tx: Tx,
  links: EmailLinks,
  account: Pick<Stripe.Account, 'id' | 'payouts_enabled' | 'details_submitted'>,
): Promise<PayoutAccountState | null> {
  const user = await tx.user.findFirst({
    where: { stripeAccountId: account.id },
    select: { id: true, stripePayoutsEnabled: true },
  });
  if (!user) return null;
  await tx.user.update({
    where: { id: user.id },
    data: { stripePayoutsEnabled: account.payouts_enabled, stripeDetailsSubmitted: account.details_submitted },
  });
  if (account.payouts_enabled && !user.stripePayoutsEnabled) {
    await notify(tx, links, {
      userId: user.id,
      type: 'payout_account_ready',
      title: 'Payouts enabled',
      message: 'Your payout account is connected and can receive payouts.',
      actionUrl: '/payouts',
    });
  }
  return { connected: true, payoutsEnabled: account.payouts_enabled, detailsSubmitted: account.details_submitted };
}

/** After Stripe's onboarding returns: ask Stripe for the account's state now (webhooks may lag). */
export async function refreshAccountState(db: Db, stripe: Stripe, links: EmailLinks, userId: string): Promise<PayoutAccountState> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { stripeAccountId: true } });
  if (!user.stripeAccountId) return { connected: false, payoutsEnabled: false, detailsSubmitted: false };
  const account = await stripe.accounts.retrieve(user.stripeAccountId);
  const state = await db.$transaction((tx) => applyAccountState(tx, links, account));
  return state ?? { connected: false, payoutsEnabled: false, detailsSubmitted: false };
}
