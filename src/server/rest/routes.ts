// The documented /api paths of spec section 7, each a thin adapter over a tRPC procedure.
import { ADMIN_MAX_PAGE_SIZE as REST_DEFAULT_LIMIT } from '~/shared/schemas/admin.ts';
import { defineRoutes, nextLink, unauthorized, withHeaders } from './adapter.ts';

export const restRoutes = defineRoutes([
  // Auth and profile
  { method: 'GET', path: '/api/auth/user', handler: async ({ caller }) => (await caller.auth.me()) ?? unauthorized() },
  { method: 'POST', path: '/api/register', status: 201, handler: ({ caller, body }) => caller.auth.register(untrusted(body)) },
  { method: 'POST', path: '/api/login', handler: ({ caller, body }) => caller.auth.login(untrusted(body)) },
  { method: 'POST', path: '/api/login/2fa', handler: ({ caller, body }) => caller.auth.verifyTwoFactor(untrusted(body)) },
  { method: 'POST', path: '/api/logout', handler: ({ caller }) => caller.auth.logout() },
  { method: 'PATCH', path: '/api/user/profile', handler: ({ caller, body }) => caller.auth.updateProfile(untrusted(body)) },
  // Public site
  { method: 'POST', path: '/api/contact', status: 201, handler: ({ caller, body }) => caller.contact.submit(untrusted(body)) },
  { method: 'GET', path: '/api/prototype-tracker/portfolio', handler: ({ caller }) => caller.prototypes.portfolio() },
  // Seller (documents are streamed by src/server/rest/documents.ts, not JSON)
  { method: 'POST', path: '/api/prototypes', status: 201, handler: ({ caller, body }) => caller.prototypes.create(untrusted(body)) },
  { method: 'GET', path: '/api/seller/prototypes', handler: ({ caller }) => caller.prototypes.mine() },
  { method: 'GET', path: '/api/seller/prototypes/:id', handler: ({ caller, params }) => caller.prototypes.byId(withId(undefined, params)) },
  {
    method: 'POST',
    path: '/api/seller/prototypes/:id/quote-response',
    handler: ({ caller, params, body }) => caller.prototypes.respondToQuote(withId(body, params)),
  },
  { method: 'GET', path: '/api/seller/transactions', handler: ({ caller }) => caller.prototypes.transactions() },
  { method: 'GET', path: '/api/seller/summary', handler: ({ caller }) => caller.prototypes.summary() },
  { method: 'GET', path: '/api/seller/pipeline', handler: ({ caller }) => caller.prototypes.pipeline() },
  // Admin (lists: JSON arrays, newest first; optional limit/cursor, next page in the Link header)
  {
    method: 'GET',
    path: '/api/admin/prototypes',
    handler: async ({ caller, query }) => {
      const page = await caller.admin.prototypes(listQuery(query));
      return withHeaders(page.items, { link: nextLink('/api/admin/prototypes', linkQuery(query), page.nextCursor) });
    },
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    handler: async ({ caller, query }) => {
      const page = await caller.admin.users(listQuery(query));
      return withHeaders(page.items, { link: nextLink('/api/admin/users', linkQuery(query), page.nextCursor) });
    },
  },
  // The evaluation workbench (issue 14: reviewers, scorecards, final evaluation and milestone, release)
  { method: 'PUT', path: '/api/admin/prototypes/:id/reviewers', handler: ({ caller, params, body }) => caller.evaluation.setReviewers(withId(body, params)) },
  {
    method: 'PUT',
    path: '/api/admin/prototypes/:id/scorecard',
    handler: ({ caller, params, body }) => caller.evaluation.submitScorecard(withId(body, params)),
  },
  { method: 'GET', path: '/api/admin/prototypes/:id/evaluation', handler: ({ caller, params }) => caller.evaluation.evaluation(withId(undefined, params)) },
  { method: 'PATCH', path: '/api/admin/prototypes/:id/evaluation', handler: ({ caller, params, body }) => caller.evaluation.finalise(withId(body, params)) },
  {
    method: 'POST',
    path: '/api/admin/prototypes/:id/evaluation/release',
    status: 201,
    handler: ({ caller, params, body }) => caller.evaluation.release(withId(body, params)),
  },
  { method: 'PATCH', path: '/api/admin/prototypes/:id/approve', handler: ({ caller, params }) => caller.admin.approve(withId(undefined, params)) },
  { method: 'PATCH', path: '/api/admin/prototypes/:id/reject', handler: ({ caller, params, body }) => caller.admin.reject(withId(body, params)) },
  { method: 'PATCH', path: '/api/admin/prototypes/:id/quote', handler: ({ caller, params, body }) => caller.admin.quote(withId(body, params)) },
  {
    method: 'PATCH',
    path: '/api/admin/prototypes/:id/final-approve',
    handler: ({ caller, params, body }) => caller.admin.acceptQuote(withId(body, params)),
  },
  {
    method: 'PATCH',
    path: '/api/admin/prototypes/:id/final-reject',
    handler: ({ caller, params, body }) => caller.admin.rejectQuote(withId(body, params)),
  },
  // The lifecycle after review (issue 14)
  { method: 'PATCH', path: '/api/admin/prototypes/:id/stage', handler: ({ caller, params, body }) => caller.admin.moveStage(withId(body, params)) },
  {
    method: 'PATCH',
    path: '/api/admin/prototypes/:id/start-development',
    handler: ({ caller, params }) => caller.admin.startDevelopment(withId(undefined, params)),
  },
  {
    method: 'PATCH',
    path: '/api/admin/prototypes/:id/mark-deployed',
    handler: ({ caller, params }) => caller.admin.markDeployed(withId(undefined, params)),
  },
  {
    method: 'PATCH',
    path: '/api/admin/prototypes/:id/revise-quote',
    handler: ({ caller, params, body }) => caller.admin.reviseQuote(withId(body, params)),
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/:id/status',
    pathId: 'uuid',
    handler: ({ caller, params, body }) => caller.admin.updateUserStatus(withId(body, params)),
  },
  {
    method: 'PUT',
    path: '/api/admin/users/:id/password',
    pathId: 'uuid',
    handler: ({ caller, params, body }) => caller.admin.resetPassword(withId(body, params)),
  },
  { method: 'DELETE', path: '/api/admin/users/:id', pathId: 'uuid', handler: ({ caller, params }) => caller.admin.deleteUser(withId(undefined, params)) },
  { method: 'POST', path: '/api/admin/messages', status: 201, handler: ({ caller, body }) => caller.admin.sendMessage(untrusted(body)) },
  // Messages
  { method: 'GET', path: '/api/messages', handler: ({ caller }) => caller.messages.list() },
  { method: 'GET', path: '/api/messages/:id/thread', handler: ({ caller, params }) => caller.messages.thread(withId(undefined, params)) },
  { method: 'PATCH', path: '/api/messages/:id/read', handler: ({ caller, params }) => caller.messages.markRead(withId(undefined, params)) },
  { method: 'POST', path: '/api/messages/reply', status: 201, handler: ({ caller, body }) => caller.messages.reply(untrusted(body)) },
  { method: 'POST', path: '/api/messages', status: 201, handler: ({ caller, body }) => caller.messages.messageTeam(untrusted(body)) },
  // Payouts (the Stripe webhook is src/server/payments/webhook-route.ts: it needs the raw body)
  { method: 'GET', path: '/api/seller/payout-account', handler: ({ caller }) => caller.payouts.account() },
  { method: 'POST', path: '/api/seller/payout-account/connect', handler: ({ caller }) => caller.payouts.connect() },
  { method: 'POST', path: '/api/seller/payout-account/refresh', handler: ({ caller }) => caller.payouts.refreshAccount() },
  { method: 'GET', path: '/api/seller/payouts', handler: ({ caller }) => caller.payouts.mine() },
  {
    method: 'GET',
    path: '/api/admin/payouts',
    handler: async ({ caller, query }) => {
      const page = await caller.payouts.list(untrusted({ status: query.status, limit: query.limit, cursor: query.cursor }));
      return withHeaders(page.items, { link: nextLink('/api/admin/payouts', payoutLinkQuery(query), page.nextCursor) });
    },
  },
  { method: 'GET', path: '/api/admin/payouts/totals', handler: ({ caller }) => caller.payouts.totals() },
  { method: 'POST', path: '/api/admin/payouts/:id/pay', handler: ({ caller, params }) => caller.payouts.pay(withId(undefined, params)) },
  { method: 'POST', path: '/api/admin/payouts/:id/manual', handler: ({ caller, params, body }) => caller.payouts.recordManual(withId(body, params)) },
  // Information requests and document access (issue 14; answer documents stream through rest/documents.ts)
  {
    method: 'POST',
    path: '/api/admin/prototypes/:id/info-requests',
    status: 201,
    handler: ({ caller, params, body }) => caller.infoRequests.ask(withId(body, params)),
  },
  { method: 'GET', path: '/api/admin/info-requests', handler: ({ caller }) => caller.infoRequests.openForAdmin() },
  { method: 'GET', path: '/api/seller/info-requests', handler: ({ caller }) => caller.infoRequests.mine() },
  { method: 'POST', path: '/api/seller/info-requests/:id/answer', handler: ({ caller, params, body }) => caller.infoRequests.answer(withId(body, params)) },
  // Support tickets (issue 15; an admin posting on someone else's ticket answers as the support team)
  { method: 'POST', path: '/api/support/tickets', status: 201, handler: ({ caller, body }) => caller.support.open(untrusted(body)) },
  { method: 'GET', path: '/api/support/tickets', handler: ({ caller }) => caller.support.mine() },
  { method: 'GET', path: '/api/support/tickets/:id', handler: ({ caller, params }) => caller.support.byId(withId(undefined, params)) },
  {
    method: 'POST',
    path: '/api/support/tickets/:id/messages',
    status: 201,
    handler: ({ caller, params, body }) => caller.support.reply(withId(body, params)),
  },
  {
    method: 'GET',
    path: '/api/admin/support/tickets',
    handler: async ({ caller, query }) => {
      const filters = ticketFilters(query);
      const page = await caller.support.queue(untrusted({ ...filters, limit: query.limit, cursor: query.cursor }));
      return withHeaders(page.items, {
        link: nextLink('/api/admin/support/tickets', { ...filters, ...(query.limit ? { limit: query.limit } : {}) }, page.nextCursor),
      });
    },
  },
  { method: 'PATCH', path: '/api/admin/support/tickets/:id', handler: ({ caller, params, body }) => caller.support.update(withId(body, params)) },
  // The ledger on screen (issue 15, point 7; ADR 0018)
  {
    method: 'GET',
    path: '/api/admin/financial-records',
    handler: async ({ caller, query }) => {
      const filters = presentFilters(query, ['userId', 'type']);
      const page = await caller.ledger.admin(untrusted({ ...filters, limit: query.limit, cursor: query.cursor }));
      return withHeaders(page.items, {
        link: nextLink('/api/admin/financial-records', { ...filters, ...(query.limit ? { limit: query.limit } : {}) }, page.nextCursor),
      });
    },
  },
  {
    method: 'GET',
    path: '/api/seller/financial-records',
    handler: async ({ caller, query }) => {
      const page = await caller.ledger.mine(untrusted({ limit: query.limit, cursor: query.cursor }));
      return withHeaders(page.items, { link: nextLink('/api/seller/financial-records', query.limit ? { limit: query.limit } : {}, page.nextCursor) });
    },
  },
  // Concern reports (issue 15, point 5; ADR 0018)
  { method: 'POST', path: '/api/reports', status: 201, handler: ({ caller, body }) => caller.reports.file(untrusted(body)) },
  {
    method: 'GET',
    path: '/api/admin/reports',
    handler: async ({ caller, query }) => {
      const filters = presentFilters(query, ['status', 'reason', 'targetType']);
      const page = await caller.reports.queue(untrusted({ ...filters, limit: query.limit, cursor: query.cursor }));
      return withHeaders(page.items, { link: nextLink('/api/admin/reports', { ...filters, ...(query.limit ? { limit: query.limit } : {}) }, page.nextCursor) });
    },
  },
  { method: 'PATCH', path: '/api/admin/reports/:id', handler: ({ caller, params, body }) => caller.reports.update(withId(body, params)) },
  {
    method: 'GET',
    path: '/api/seller/prototypes/:id/document-access',
    handler: ({ caller, params }) => caller.documentAccess.forPrototype(withId(undefined, params)),
  },
  // Moderation and appeals (issue 15, ADR 0016)
  {
    method: 'POST',
    path: '/api/admin/users/:id/warnings',
    pathId: 'uuid',
    status: 201,
    handler: ({ caller, params, body }) => caller.moderation.warn(withId(body, params)),
  },
  { method: 'PATCH', path: '/api/admin/warnings/:id/resolve', handler: ({ caller, params }) => caller.moderation.resolveWarning(withId(undefined, params)) },
  { method: 'GET', path: '/api/warnings', handler: ({ caller }) => caller.moderation.myWarnings() },
  { method: 'PATCH', path: '/api/warnings/:id/acknowledge', handler: ({ caller, params }) => caller.moderation.acknowledge(withId(undefined, params)) },
  {
    method: 'POST',
    path: '/api/admin/users/:id/suspensions',
    pathId: 'uuid',
    status: 201,
    handler: ({ caller, params, body }) => caller.moderation.suspend(withId(body, params)),
  },
  { method: 'PATCH', path: '/api/admin/suspensions/:id/lift', handler: ({ caller, params }) => caller.moderation.liftSuspension(withId(undefined, params)) },
  {
    method: 'GET',
    path: '/api/admin/users/:id/moderation',
    pathId: 'uuid',
    handler: ({ caller, params }) => caller.moderation.history(withId(undefined, params)),
  },
  { method: 'GET', path: '/api/measures', handler: ({ caller }) => caller.moderation.myMeasures() },
  { method: 'POST', path: '/api/appeals', status: 201, handler: ({ caller, body }) => caller.moderation.appeal(untrusted(body)) },
  { method: 'POST', path: '/api/appeals/by-token', status: 201, handler: ({ caller, body }) => caller.moderation.appealByToken(untrusted(body)) },
  { method: 'PATCH', path: '/api/admin/appeals/:id', handler: ({ caller, params, body }) => caller.moderation.decideAppeal(withId(body, params)) },
  // Capabilities per user (issue 15, point 6; ADR 0019)
  {
    method: 'GET',
    path: '/api/admin/users/:id/permissions',
    pathId: 'uuid',
    handler: ({ caller, params }) => caller.permissions.forUser(withId(undefined, params)),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/permissions',
    pathId: 'uuid',
    status: 201,
    handler: ({ caller, params, body }) => caller.permissions.change(withId(body, params)),
  },
  { method: 'DELETE', path: '/api/admin/permissions/:id', handler: ({ caller, params }) => caller.permissions.remove(withId(undefined, params)) },
]);

/** The untrusted body with the path's id on top; the procedure's schema validates the whole. */
function withId<Input>(body: unknown, params: Record<string, string>): Input {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  return untrusted({ ...fields, id: params.id });
}

/** REST lists: always newest first; only `limit` and `cursor` are read from the query string. */
function listQuery<Input>(query: Record<string, string>): Input {
  return untrusted({ sort: 'newest', limit: query.limit ?? String(REST_DEFAULT_LIMIT), cursor: query.cursor });
}

/**
 * Request data typed as the procedure's input, inferred from the call it is passed to. Not checked
 * here: the procedure's zod schema validates it (strings from the query included) before any use.
 */
function untrusted<Input>(value: unknown): Input {
  return value as Input;
}
function linkQuery(query: Record<string, string>) {
  return { limit: query.limit ?? REST_DEFAULT_LIMIT };
}
function payoutLinkQuery(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries({ status: query.status, limit: query.limit }).filter((e): e is [string, string] => !!e[1]));
}
/** A list's filters as given, those present only (the procedure's schema validates them). */
function presentFilters(query: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((name) => query[name] !== undefined).map((name) => [name, query[name]!]));
}
/** The support queue's filters as given (the procedure's schema validates them). */
function ticketFilters(query: Record<string, string>): Record<string, string> {
  const { status, category, priority, assignee } = query;
  return Object.fromEntries(Object.entries({ status, category, priority, assignee }).filter((e): e is [string, string] => e[1] !== undefined));
}
