import type { Role } from '@gatehouse/common/policy';

export interface MenuEntry {
  label: string;
  to: string;
  roles?: readonly Role[];
}

/** The side menu of spec section 2, with the roles that see each entry. */
export const MENU: readonly MenuEntry[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Applications', to: '/applications', roles: ['OrganisationAdministrator'] },
  { label: 'Add an application', to: '/applications/add', roles: ['OrganisationAdministrator'] },
  { label: 'Users', to: '/users', roles: ['OrganisationAdministrator', 'UserAdministrator'] },
  { label: 'Add a user', to: '/users/add', roles: ['OrganisationAdministrator', 'UserAdministrator'] },
  { label: 'Organisation settings', to: '/organisation', roles: ['OrganisationAdministrator'] },
  { label: 'Profile', to: '/account' },
  { label: 'Password', to: '/updatepassword' },
  { label: 'MFA', to: '/twostep' },
  { label: 'Get help', to: '/help' },
];

export function menuFor(role: Role): MenuEntry[] {
  return MENU.filter((entry) => !entry.roles || entry.roles.includes(role));
}
