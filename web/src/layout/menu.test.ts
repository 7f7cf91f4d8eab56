import { describe, expect, it } from 'vitest';
import { menuFor } from './menu.ts';

// The sidebar of spec section 2: who sees each entry.
describe('side menu', () => {
  it('shows every entry to an Organisation Admin', () => {
    expect(menuFor('OrganisationAdministrator')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Applications', to: '/applications' },
      { label: 'Add an application', to: '/applications/add' },
      { label: 'APIs', to: '/apis' },
      { label: 'Users', to: '/users' },
      { label: 'Add a user', to: '/users/add' },
      { label: 'Organisation settings', to: '/organisation' },
      { label: 'Audit log', to: '/audit' },
      { label: 'Webhooks', to: '/webhooks' },
      { label: 'Profile', to: '/account' },
      { label: 'Password', to: '/updatepassword' },
      { label: 'MFA', to: '/twostep' },
      { label: 'Get help', to: '/help' },
    ]);
  });

  it('shows a User Admin the users entries but not applications, APIs, organisation settings, the audit log or webhooks', () => {
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
});
