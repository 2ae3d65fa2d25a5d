// What the permission form offers and how it says what a change does (issue 34, point 9; ADR 0036).
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ONLY_CAPABILITIES,
  CAPABILITIES,
  type HeldCapability,
  ROLE_CAPABILITIES,
  SELLER_CAPABILITIES,
  canOverride,
  changeEffect,
  grantChoices,
  revokeChoices,
} from './capabilities.ts';

const written = (date: Date) => date.toISOString().slice(0, 10);
const held = (overrides: Partial<Record<(typeof CAPABILITIES)[number], Omit<HeldCapability, 'permission'>>>, role: 'user' | 'admin') =>
  CAPABILITIES.map((permission) => ({
    permission,
    allowed: ROLE_CAPABILITIES[role].includes(permission),
    until: null,
    ...overrides[permission],
  }));

describe('who can be granted what', () => {
  it('administrator capabilities only to administrators; every capability to an administrator', () => {
    for (const capability of ADMIN_ONLY_CAPABILITIES) expect([capability, canOverride('user', capability)]).toEqual([capability, false]);
    for (const capability of SELLER_CAPABILITIES) expect(canOverride('user', capability)).toBe(true);
    for (const capability of CAPABILITIES) expect(canOverride('admin', capability)).toBe(true);
    expect(revokeChoices('user')).toEqual([...SELLER_CAPABILITIES]);
    expect(revokeChoices('admin')).toEqual([...CAPABILITIES]);
  });

  it('the grant offers what the role allows and the user lacks now, never an administrator capability to a seller', () => {
    expect(grantChoices('user', held({}, 'user'))).toEqual([]);
    // A seller "lacks" every administrator capability, but cannot be granted one.
    expect(grantChoices('user', held({ 'tickets.open': { allowed: false, until: null } }, 'user'))).toEqual(['tickets.open']);
    // compliance.manage is no role's default: an administrator lacks it until granted (ADR 0050).
    expect(ROLE_CAPABILITIES.admin).not.toContain('compliance.manage');
    expect(grantChoices('admin', held({}, 'admin'))).toEqual(['compliance.manage']);
    // ...which only its holders may hand out or take (ADR 0050).
    const notHolding = CAPABILITIES.filter((c) => c !== 'compliance.manage');
    expect(grantChoices('admin', held({}, 'admin'), notHolding)).toEqual([]);
    expect(revokeChoices('admin', notHolding)).not.toContain('compliance.manage');
    expect(revokeChoices('admin', CAPABILITIES)).toContain('compliance.manage');
    expect(
      grantChoices('admin', held({ 'payouts.manage': { allowed: false, until: null }, 'reports.file': { allowed: false, until: null } }, 'admin')),
    ).toEqual(['reports.file', 'payouts.manage', 'compliance.manage']);
  });
});

describe('what a change does, in words', () => {
  const at = (day: number) => new Date(Date.UTC(2026, 11, day));
  const revoked = (until: Date | null): HeldCapability => ({ permission: 'prototypes.submit', allowed: false, until });
  const holds: HeldCapability = { permission: 'prototypes.submit', allowed: true, until: null };

  it('a grant lets them again, until a date, and says when the revocation comes back', () => {
    expect(changeEffect(true, revoked(null), at(5), written)).toBe(
      'Lets them submit prototypes again until 2026-12-05, then the revocation (until further notice) applies again.',
    );
    expect(changeEffect(true, revoked(at(20)), at(5), written)).toBe(
      'Lets them submit prototypes again until 2026-12-05, then the revocation (until 2026-12-20) applies again.',
    );
    expect(changeEffect(true, revoked(at(3)), at(5), written)).toBe('Lets them submit prototypes again until 2026-12-05.');
    expect(changeEffect(true, revoked(null), null, written)).toBe('Lets them submit prototypes again, with no end. (Now revoked until further notice.)');
    expect(changeEffect(true, holds, null, written)).toBe('They can already submit prototypes: a grant changes nothing now.');
  });

  it('a revocation stops them until a date or until further notice', () => {
    expect(changeEffect(false, holds, at(5), written)).toBe(
      'They can no longer submit prototypes, until 2026-12-05. The screens that offer it say so, with your reason.',
    );
    expect(changeEffect(false, holds, null, written)).toBe(
      'They can no longer submit prototypes, until further notice. The screens that offer it say so, with your reason.',
    );
    expect(changeEffect(false, revoked(at(3)), at(9), written)).toBe(
      'They already cannot submit prototypes (until 2026-12-03); this revocation decides from now on, until 2026-12-09. They see your reason.',
    );
  });
});
