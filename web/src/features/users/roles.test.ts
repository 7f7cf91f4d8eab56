import { describe, expect, it } from 'vitest';

import { mayManage, roleOptions } from './roles.ts';

describe('role choices of the user screens (spec section 6)', () => {
  it('offers Organisation Admin only to an Organisation Admin', () => {
    expect(roleOptions('OrganisationAdministrator').map((o) => o.label)).toEqual(['End user', 'User admin', 'Organisation admin']);
    expect(roleOptions('UserAdministrator').map((o) => o.label)).toEqual(['End user', 'User admin']);
  });

  it('lets an admin manage users of their own rank or below', () => {
    expect(mayManage('UserAdministrator', 'UserAdministrator')).toBe(true);
    expect(mayManage('UserAdministrator', 'OrganisationAdministrator')).toBe(false);
    expect(mayManage('OrganisationAdministrator', 'OrganisationAdministrator')).toBe(true);
  });
});
