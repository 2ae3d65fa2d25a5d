import { describe, expect, it } from 'vitest';
import { isActiveLink, navLinks, userLabel, userMenuLinks } from './nav.ts';

const labels = (links: { label: string }[]) => links.map((l) => l.label);

describe('navigation per role (spec section 2)', () => {
  it('guests see the five public links', () => {
    expect(labels(navLinks(null))).toEqual(['Home', 'About', 'Services', 'Technology', 'Contact']);
  });
  it("signed-in users also see Dashboard; an admin's dashboard is the Admin Panel (issue 34, point 11)", () => {
    expect(labels(navLinks({ role: 'user' }))).toEqual(['Home', 'About', 'Services', 'Technology', 'Contact', 'Dashboard']);
    expect(labels(navLinks({ role: 'admin' }))).toEqual(['Home', 'About', 'Services', 'Technology', 'Contact', 'Admin Panel']);
    expect(navLinks({ role: 'user' }).find((l) => l.label === 'Dashboard')?.to).toBe('/seller-dashboard');
    expect(navLinks({ role: 'admin' }).find((l) => l.label === 'Admin Panel')?.to).toBe('/admin-panel');
  });
  it('the user menu has Admin Panel for admins only, and leads admins to their own screens', () => {
    expect(labels(userMenuLinks({ role: 'user' }))).toEqual(['Profile Settings', 'Messages', 'Payouts', 'Prototype Tracker', 'Support']);
    expect(userMenuLinks({ role: 'user' }).find((l) => l.label === 'Payouts')?.to).toBe('/payouts');
    expect(labels(userMenuLinks({ role: 'admin' }))).toEqual(['Profile Settings', 'Messages', 'Payouts', 'Support', 'Admin Panel', 'Support queue']);
    expect(userMenuLinks({ role: 'admin' }).find((l) => l.label === 'Payouts')?.to).toBe('/admin/payouts');
    for (const link of userMenuLinks({ role: 'admin' })) expect(['/seller-dashboard', '/payouts', '/prototype-tracker']).not.toContain(link.to);
  });
});

describe('active link', () => {
  it('"/" matches only exactly', () => {
    expect(isActiveLink('/', '/')).toBe(true);
    expect(isActiveLink('/', '/about')).toBe(false);
  });
  it('other links match by path prefix', () => {
    expect(isActiveLink('/about', '/about')).toBe(true);
    expect(isActiveLink('/seller-dashboard', '/seller-dashboard/prototypes/4')).toBe(true);
    expect(isActiveLink('/services', '/about')).toBe(false);
  });
  it('a prefix counts only at a path boundary', () => {
    expect(isActiveLink('/about', '/about-us')).toBe(false);
    expect(isActiveLink('/admin-panel', '/admin-panelx')).toBe(false);
  });
  it('a link is active on every screen of its area', () => {
    for (const path of ['/dashboard', '/prototypes/12', '/prototype-submission', '/payouts', '/payouts/connect/return']) {
      expect(isActiveLink('/seller-dashboard', path), path).toBe(true);
    }
    for (const path of ['/admin', '/admin/payouts', '/admin-inbox', '/admin-panel']) {
      expect(isActiveLink('/admin-panel', path), path).toBe(true);
      expect(isActiveLink('/seller-dashboard', path), path).toBe(false);
    }
    expect(isActiveLink('/seller-dashboard', '/messages')).toBe(false);
  });
});

describe('user menu label', () => {
  it('prefers the first name, then the email, then "User"', () => {
    expect(userLabel({ firstName: 'Ada', email: 'ada@x.io' })).toBe('Ada');
    expect(userLabel({ firstName: null, email: 'ada@x.io' })).toBe('ada@x.io');
    expect(userLabel({ firstName: '', email: '' })).toBe('User');
    expect(userLabel({})).toBe('User');
  });
});
