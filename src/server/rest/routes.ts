// The documented /api paths of spec section 7, each a thin adapter over a tRPC procedure.
import { defineRoutes, unauthorized } from './adapter.ts';

export const restRoutes = defineRoutes([
  // Auth and profile
  { method: 'GET', path: '/api/auth/user', handler: async ({ caller }) => (await caller.auth.me()) ?? unauthorized() },
  { method: 'POST', path: '/api/register', status: 201, handler: ({ caller, body }) => caller.auth.register(body) },
  { method: 'POST', path: '/api/login', handler: ({ caller, body }) => caller.auth.login(body) },
  { method: 'POST', path: '/api/logout', handler: ({ caller }) => caller.auth.logout() },
  { method: 'PATCH', path: '/api/user/profile', handler: ({ caller, body }) => caller.auth.updateProfile(body) },
  // Public site
  { method: 'POST', path: '/api/contact', status: 201, handler: ({ caller, body }) => caller.contact.submit(body) },
]);
