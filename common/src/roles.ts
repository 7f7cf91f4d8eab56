/**
 * Roles of an organisation's people: each holds permissions (scopes of the organisation's registered
 * APIs), is given to people directly or through a group, and may be given to every new person. Their
 * limits, the claim applications read them from, and the texts of the Roles screens (English).
 */

export const ROLE_LIMITS = {
  nameMax: 200,
  descriptionMax: 500,
  rolesMax: 500,
  permissionsMax: 200,
} as const;

/** The claim the roles come in unless an application names another (Hasura and Argo CD read a claim they are told). */
export const DEFAULT_ROLES_CLAIM = 'roles';
/** The scope an application asks for to get the roles claim. */
export const ROLES_SCOPE = 'roles';

/** One permission written as the API's id and the scope, as the screens and the management API send it. */
export const permissionKey = (apiId: string, scope: string): string => `${apiId} ${scope}`;

export const ROLE_MESSAGES = {
  listHeading: 'Roles',
  intro:
    "A role holds permissions: scopes of your organisation's APIs. Give roles to people directly or through a group; an access token for an API carries only the permissions the person holds.",
  name: 'Name',
  description: 'Description',
  permissions: 'Permissions',
  isDefault: 'Give to new people',
  defaultBadge: 'Default',
  add: 'Add role',
  save: 'Save changes',
  delete: 'Delete',
  deleteConfirm: 'Delete this role? People and groups who have it lose its permissions at once.',
  none: 'No roles yet.',
  noApis: 'Register an API first: its scopes are the permissions a role can hold.',
  people: 'People',
  groups: 'Groups',
  giveRole: 'Give role',
  takeAway: 'Take away',
  rolesHeading: 'Roles',
  effectiveHeading: 'Roles and groups',
  noRolesOfPerson: 'No roles.',
  noRolesOfGroup: 'This group gives no roles.',
  sourceDirect: 'Given directly',
  sourceGroup: (group: string) => `Through the group ${group}`,
  sourceDefault: 'Given to new people',
  groupSourceGatehouse: 'Member in Gatehouse',
  groupSourceScim: (application: string) => `Provisioned over SCIM by ${application}`,
  roleNotFound: 'There is no such role in this organisation',
  nameTaken: 'A role with this name already exists',
  tooMany: `An organisation can have ${ROLE_LIMITS.rolesMax} roles at most`,
  unknownPermission: "This permission is not a scope of one of your organisation's APIs",
  rolesClaim: 'Roles claim name',
  rolesClaimHint:
    'The claim the ID token and userinfo carry the names of the person’s roles in: roles unless the application reads another.',
  rolesAlways: 'Send roles without the application asking for the roles scope',
  claimSameAsGroups: 'The roles claim needs a name of its own, not the groups claim’s',
  tooManyPermissions: `A role can hold ${ROLE_LIMITS.permissionsMax} permissions at most`,
  // The Roles screens, a group's roles and a person's effective access.
  addHeading: 'Add a role',
  searchLabel: 'Search roles',
  searchPlaceholder: 'Search by name',
  noMatches: 'No matching roles were found',
  listFailed: 'The roles could not be loaded.',
  retry: 'Retry',
  back: 'Back to roles',
  settingsHeading: 'Settings',
  saved: 'Role saved',
  deleteHeader: 'Delete confirmation',
  isDefaultHint: 'Everyone added from now on gets this role directly; people already here keep what they have.',
  permissionsHint: 'The scopes of your organisation’s APIs this role lets people have in an API’s access token.',
  permissionCount: (count: number) => (count === 1 ? '1 permission' : `${count} permissions`),
  noPermissions: 'No permissions',
  apiScopes: (api: string, identifier: string) => `${api} (${identifier})`,
  noScopes: 'This API has no scopes.',
  roleToGive: 'Role to give',
  chooseRole: 'Choose a role',
  noRolesToGive: 'Every role is given already, or there are no roles yet.',
  roleGiven: 'Role given',
  roleTaken: 'Role taken away',
  takeAwayRole: (role: string) => `Take away the role ${role}`,
  groupRolesIntro: 'Every member of this group has the roles it gives, for as long as they are in it.',
  effectiveIntro: 'What applications are told about this person: their roles, with where each comes from, and their groups.',
  groupsOfPerson: 'Groups',
  noGroupsOfPerson: 'In no groups.',
  source: 'From',
  onlyAdminsGive: 'Only Organisation Admins give and take away roles.',
  accessFailed: 'The roles and groups could not be loaded.',
} as const;
