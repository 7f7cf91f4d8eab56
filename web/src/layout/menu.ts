import type { Role } from '@gatehouse/common/policy';
import { type RouteAccess, type RouteName, routePath, ROUTES } from '@gatehouse/common/routes';

import type { IconName } from '../components/Icon.tsx';

export interface MenuEntry {
  label: string;
  to: string;
}

/** A group of the side menu, with its heading and icon (grouped as Auth0 and Logto do). */
export interface MenuSection {
  /** Null for the entries above the groups (the dashboard). */
  heading: string | null;
  icon: IconName;
  entries: MenuEntry[];
}

/** Which group each route's entry belongs to, in the menu's order. */
const SECTIONS: readonly { heading: string | null; icon: IconName; routes: readonly RouteName[] }[] = [
  { heading: null, icon: 'home', routes: ['dashboard'] },
  { heading: 'People', icon: 'people', routes: ['users', 'addUser', 'groups', 'roles'] },
  { heading: 'Applications and APIs', icon: 'apps', routes: ['applications', 'addApplication', 'apis', 'apiReference'] },
  { heading: 'Organisation', icon: 'building', routes: ['organisation', 'connections', 'audit', 'webhooks'] },
  { heading: 'Your account', icon: 'user', routes: ['account', 'updatePassword', 'twoStep', 'help'] },
];

/**
 * The side menu of spec section 2. Who sees an entry is who may open its route (the route table's
 * roles), narrowed by `roles` for a page anyone may open that is of use to some roles only.
 */
const MENU: readonly { label: string; route: RouteName; roles?: readonly Role[] }[] = [
  { label: 'Dashboard', route: 'dashboard' },
  { label: 'Applications', route: 'applications' },
  { label: 'Add an application', route: 'addApplication' },
  { label: 'APIs', route: 'apis' },
  // Public (integrators read it signed out); in the menu of those who manage what the API reaches, as in help.
  { label: 'API reference', route: 'apiReference', roles: ['OrganisationAdministrator'] },
  { label: 'Users', route: 'users' },
  { label: 'Add a user', route: 'addUser' },
  { label: 'Groups', route: 'groups' },
  { label: 'Roles', route: 'roles' },
  { label: 'Organisation settings', route: 'organisation' },
  { label: 'Sign-in connections', route: 'connections' },
  { label: 'Audit log', route: 'audit' },
  { label: 'Webhooks', route: 'webhooks' },
  { label: 'Profile', route: 'account' },
  { label: 'Password', route: 'updatePassword' },
  { label: 'MFA', route: 'twoStep' },
  { label: 'Get help', route: 'help' },
];

export function menuFor(role: Role): MenuEntry[] {
  return MENU.filter(({ route, roles }) => {
    const access: RouteAccess = ROUTES[route].access;
    if (roles && !roles.includes(role)) return false;
    return access.kind !== 'signedIn' || !access.roles || access.roles.includes(role);
  }).map(({ label, route }) => ({ label, to: routePath(route) }));
}

/** The role's menu in its groups; a group with no entry the role may open is left out. */
export function menuSectionsFor(role: Role): MenuSection[] {
  const entries = menuFor(role);
  return SECTIONS.map(({ heading, icon, routes }) => ({
    heading,
    icon,
    entries: routes.flatMap((route) => entries.filter((entry) => entry.to === routePath(route))),
  })).filter((section) => section.entries.length > 0);
}
