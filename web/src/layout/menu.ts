import type { Role } from '@gatehouse/common/policy';
import { routePath, ROUTES, type RouteAccess, type RouteName } from '@gatehouse/common/routes';

export interface MenuEntry {
  label: string;
  to: string;
}

/** The side menu of spec section 2. Who sees an entry is who may open its route (the route table's roles). */
const MENU: readonly { label: string; route: RouteName }[] = [
  { label: 'Dashboard', route: 'dashboard' },
  { label: 'Applications', route: 'applications' },
  { label: 'Add an application', route: 'addApplication' },
  { label: 'APIs', route: 'apis' },
  { label: 'Users', route: 'users' },
  { label: 'Add a user', route: 'addUser' },
  { label: 'Organisation settings', route: 'organisation' },
  { label: 'Audit log', route: 'audit' },
  { label: 'Webhooks', route: 'webhooks' },
  { label: 'Profile', route: 'account' },
  { label: 'Password', route: 'updatePassword' },
  { label: 'MFA', route: 'twoStep' },
  { label: 'Get help', route: 'help' },
];

export function menuFor(role: Role): MenuEntry[] {
  return MENU.filter(({ route }) => {
    const access: RouteAccess = ROUTES[route].access;
    return access.kind !== 'signedIn' || !access.roles || access.roles.includes(role);
  }).map(({ label, route }) => ({ label, to: routePath(route) }));
}
