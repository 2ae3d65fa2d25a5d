import { describe, expect, it } from 'vitest';
import { dashboardFor, returnTo, validateSignInSearch } from './after-sign-in.ts';

describe('after sign-in', () => {
  it('keeps a safe redirect and overrides an unsafe one with undefined (the router keeps raw params otherwise)', () => {
    expect(validateSignInSearch({ redirect: '/messages?id=3' })).toEqual({ redirect: '/messages?id=3' });
    const hostile = validateSignInSearch({ redirect: '//evil.test' });
    expect(Object.hasOwn(hostile, 'redirect')).toBe(true);
    expect(hostile.redirect).toBeUndefined();
    expect({ redirect: '//evil.test', ...hostile }.redirect).toBeUndefined();
  });

  it('writes only safe paths into /login links', () => {
    expect(returnTo('/admin-panel?tab=users')).toEqual({ redirect: '/admin-panel?tab=users' });
    expect(returnTo('/login?redirect=/x')).toEqual({});
  });

  it('sends admins to the admin panel and everyone else to the seller dashboard', () => {
    expect(dashboardFor({ role: 'admin' })).toBe('/admin-panel');
    expect(dashboardFor({ role: 'user' })).toBe('/seller-dashboard');
  });
});
