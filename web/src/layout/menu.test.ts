import { describe, expect, it } from 'vitest';

import { menuFor, menuSectionsFor } from './menu.ts';

// The sidebar of spec section 2: who sees each entry.
describe('side menu', () => {
  it('shows every entry to an Organisation Admin', () => {
    expect(menuFor('OrganisationAdministrator')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Applications', to: '/applications' },
      { label: 'Add an application', to: '/applications/add' },
      { label: 'APIs', to: '/apis' },
      { label: 'API reference', to: '/developers/api' },
      { label: 'Users', to: '/users' },
      { label: 'Add a user', to: '/users/add' },
      { label: 'Groups', to: '/groups' },
      { label: 'Roles', to: '/roles' },
      { label: 'Organisation settings', to: '/organisation' },
      { label: 'Sign-in connections', to: '/connections' },
      { label: 'Audit log', to: '/audit' },
      { label: 'Webhooks', to: '/webhooks' },
      { label: 'Profile', to: '/account' },
      { label: 'Password', to: '/updatepassword' },
      { label: 'MFA', to: '/twostep' },
      { label: 'Get help', to: '/help' },
    ]);
  });

  it('shows a User Admin the users entries but not applications, APIs, the API reference, organisation settings, the audit log or webhooks', () => {
    expect(menuFor('UserAdministrator').map((e) => e.label)).toEqual([
      'Dashboard',
      'Users',
      'Add a user',
      'Profile',
      'Password',
      'MFA',
      'Get help',
    ]);
  });

  it('shows an End User only their own pages', () => {
    expect(menuFor('EndUser').map((e) => e.label)).toEqual(['Dashboard', 'Profile', 'Password', 'MFA', 'Get help']);
  });

  it('groups the entries into people, applications and APIs, organisation and your account, leaving out empty groups', () => {
    const headings = (role: Parameters<typeof menuSectionsFor>[0]) => menuSectionsFor(role).map((s) => s.heading);
    expect(headings('OrganisationAdministrator')).toEqual([null, 'People', 'Applications and APIs', 'Organisation', 'Your account']);
    expect(headings('UserAdministrator')).toEqual([null, 'People', 'Your account']);
    expect(headings('EndUser')).toEqual([null, 'Your account']);
    // Every entry is in exactly one group.
    const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
    for (const role of ['OrganisationAdministrator', 'UserAdministrator', 'EndUser'] as const)
      expect(
        menuSectionsFor(role)
          .flatMap((s) => s.entries)
          .sort(byLabel),
      ).toEqual(menuFor(role).sort(byLabel));
  });
});
