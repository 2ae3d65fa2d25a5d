import { describe, expect, it } from 'vitest';
import { isNonOrganizationalDomain, organizationKey, sharedOrganizationDomain } from './mail-domains.ts';

describe('sharedOrganizationDomain', () => {
  it('finds an organization domain two addresses share, case-insensitively', () => {
    expect(sharedOrganizationDomain('ada@Helios-Lab.com', 'bob@helios-lab.COM')).toBe('helios-lab.com');
    expect(sharedOrganizationDomain('ada@helios-lab.com', 'bob@kyoto-fusion.jp')).toBeNull();
  });
  it('ignores public mail providers (gmx under any suffix) and reserved test domains', () => {
    for (const domain of ['gmail.com', 'googlemail.com', 'outlook.com', 'proton.me', 'yahoo.com', 'icloud.com', 'gmx.de', 'gmx.net', 'mail.com']) {
      expect(isNonOrganizationalDomain(domain)).toBe(true);
      expect(sharedOrganizationDomain(`a@${domain}`, `b@${domain}`)).toBeNull();
    }
    expect(sharedOrganizationDomain('a@example.test', 'b@example.test')).toBeNull();
    expect(isNonOrganizationalDomain('gmxtra.com')).toBe(false);
  });
});

describe('organizationKey', () => {
  it('ignores case, accents, punctuation and spacing', () => {
    expect(organizationKey('ACME, Inc.')).toBe(organizationKey('acme inc'));
    expect(organizationKey('Zürich Énergie')).toBe(organizationKey('zurich-energie'));
    expect(organizationKey(' ')).toBe('');
    expect(organizationKey(null)).toBe('');
  });
});
