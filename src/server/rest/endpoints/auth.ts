// Signing in and out, registering, the current user and their profile (routers/auth.ts).
import { z } from 'zod';
import { loginInput, profileInput, registerInput } from '~/shared/schemas/auth.ts';
import { twoFactorCodeInput } from '~/shared/schemas/security.ts';
import { SESSION_COOKIE } from '../../auth/session.ts';
import { currentUser, twoFactorRequired, userEnvelope } from '../../domain/views/shapes/user.ts';
import { defineHttpRoute, defineRoute, successBody, unauthorized } from '../define-route.ts';

const tag = 'Auth';
const sessionCookie = z.object({
  'Set-Cookie': z.string().describe(`The session cookie (${SESSION_COOKIE}; __Host-${SESSION_COOKIE} over HTTPS; HttpOnly, SameSite=Lax)`),
});

export const authRoutes = [
  defineRoute('GET /api/auth/user', {
    access: 'user',
    tag,
    summary: 'The signed-in user',
    output: { shape: currentUser, description: 'The current user' },
    handler: async ({ caller }) => (await caller.auth.me()) ?? unauthorized(),
  }),
  defineRoute('POST /api/register', {
    access: 'public',
    tag,
    summary: 'Create an account and sign in',
    body: registerInput,
    status: 201,
    output: { shape: userEnvelope, description: 'Registered and signed in', headers: sessionCookie },
    errors: [409, 429],
    handler: ({ caller, input }) => caller.auth.register(input),
  }),
  defineRoute('POST /api/login', {
    access: 'public',
    tag,
    summary: 'Sign in (an account with two-factor sign-in answers { twoFactorRequired: true } and no session)',
    body: loginInput,
    output: {
      shape: z.union([userEnvelope, twoFactorRequired]),
      description: 'Signed in (session cookie set), or the second factor is needed (a short-lived challenge cookie set)',
    },
    errors: [401, 429],
    handler: ({ caller, input }) => caller.auth.login(input),
  }),
  defineRoute('POST /api/login/2fa', {
    access: 'public',
    tag,
    summary: 'Second step of a two-factor sign-in: an authentication code or a recovery code',
    body: twoFactorCodeInput,
    output: { shape: userEnvelope, description: 'Signed in', headers: sessionCookie },
    errors: [401, 429],
    handler: ({ caller, input }) => caller.auth.verifyTwoFactor(input),
  }),
  // The seller dashboard sends logged-out visitors here (spec section 2).
  defineHttpRoute({
    method: 'GET',
    path: '/api/login',
    access: 'public',
    tag,
    summary: 'The sign-in page (where the seller dashboard sends guests)',
    operation: { responses: { 302: { description: 'Redirect to /login', headers: z.object({ Location: z.literal('/login') }) } } },
    serve: (c) => c.redirect('/login', 302),
  }),
  defineRoute('POST /api/logout', {
    access: 'public',
    tag,
    summary: 'Sign out (ends this session)',
    output: { shape: successBody, description: 'Signed out' },
    handler: ({ caller }) => caller.auth.logout(),
  }),
  defineRoute('PATCH /api/user/profile', {
    access: 'user',
    tag,
    summary: 'Update your profile (the current password is required)',
    body: profileInput,
    output: { shape: userEnvelope, description: 'The updated user' },
    errors: [403, 409, 429],
    handler: ({ caller, input }) => caller.auth.updateProfile(input),
  }),
];
