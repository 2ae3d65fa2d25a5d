// Payouts: the seller's payout account and payouts, the admin's payouts (routers/payouts.ts), and
// Stripe's webhook (mounted by payments/webhook-route.ts: it reads the raw body to check the signature).
import { z } from 'zod';
import { manualPayoutInput, payoutIdInput, payoutListInput } from '~/shared/schemas/payouts.ts';
import {
  adminPayout,
  manualPayoutResult,
  onboardingLink,
  payoutAccount,
  payoutAccountState,
  payoutTotals,
  sellerPayouts,
  stripePayoutResult,
  stripeWebhookResult,
} from '../../domain/views/shapes/payout.ts';
import { STRIPE_WEBHOOK_PATH } from '../../payments/webhook-route.ts';
import { defineHttpRoute, defineRoute, errorBody, errorResponses, json, pagedList } from '../define-route.ts';

const tag = 'Payouts';
const params = payoutIdInput.pick({ id: true });

export const payoutRoutes = [
  defineRoute('GET /api/seller/payout-account', {
    access: 'user',
    tag,
    summary: 'Your payout account',
    output: { shape: payoutAccount, description: 'The payout account' },
    handler: ({ caller }) => caller.payouts.account(),
  }),
  defineRoute('POST /api/seller/payout-account/connect', {
    access: 'user',
    tag,
    summary: "Start Stripe's onboarding (go to the returned url)",
    output: { shape: onboardingLink, description: 'The onboarding link' },
    errors: [412],
    handler: ({ caller }) => caller.payouts.connect(),
  }),
  defineRoute('POST /api/seller/payout-account/refresh', {
    access: 'user',
    tag,
    summary: 'Your payout account as Stripe has it now',
    output: { shape: payoutAccountState, description: 'The account state' },
    errors: [412],
    handler: ({ caller }) => caller.payouts.refreshAccount(),
  }),
  defineRoute('GET /api/seller/payouts', {
    access: 'user',
    tag,
    summary: 'Your payouts with what was paid and what is owed',
    output: { shape: sellerPayouts, description: 'Your payouts' },
    handler: ({ caller }) => caller.payouts.mine(),
  }),
  pagedList({
    path: '/api/admin/payouts',
    access: 'admin',
    tag,
    summary: 'All payouts, newest first (paged)',
    input: payoutListInput,
    filters: ['status'],
    item: adminPayout,
    answers: 'One page',
    list: (caller, input) => caller.payouts.list(input),
  }),
  defineRoute('GET /api/admin/payouts/totals', {
    access: 'admin',
    tag,
    summary: 'Count and sums per payout status',
    output: { shape: payoutTotals, description: 'Totals' },
    handler: ({ caller }) => caller.payouts.totals(),
  }),
  defineRoute('POST /api/admin/payouts/:id/pay', {
    access: 'admin',
    tag,
    summary: 'Pay a seller by Stripe transfer',
    params,
    output: { shape: stripePayoutResult, description: 'The outcome and the payout' },
    errors: [409, 412],
    handler: ({ caller, input }) => caller.payouts.pay(input),
  }),
  defineRoute('POST /api/admin/payouts/:id/manual', {
    access: 'admin',
    tag,
    summary: 'Record a payout made outside Stripe',
    input: manualPayoutInput,
    output: { shape: manualPayoutResult, description: 'The payout' },
    errors: [409, 412],
    handler: ({ caller, input }) => caller.payouts.recordManual(input),
  }),
  defineHttpRoute({
    method: 'POST',
    path: STRIPE_WEBHOOK_PATH,
    access: 'public',
    tag,
    summary: "Stripe's events (signed; only when Stripe is configured)",
    operation: {
      requestParams: { header: z.object({ 'stripe-signature': z.string().describe("Stripe's signature of the raw body") }) },
      requestBody: {
        required: true,
        content: { 'application/json': { schema: z.object({ id: z.string(), type: z.string() }).passthrough().describe('A Stripe event') } },
      },
      responses: {
        200: json(stripeWebhookResult, 'Received'),
        ...errorResponses([400]),
        404: json(errorBody, 'Stripe is not configured'),
        500: json(errorBody, 'Not recorded; Stripe retries later'),
      },
    },
  }),
];
