/**
 * Groups of an organisation's people: their limits, the claim applications read them from, and the
 * texts of the Groups screens (English; the language catalog takes them in when the screen is converted).
 */

export const GROUP_LIMITS = {
  nameMax: 200,
  groupsMax: 5_000,
  pageSize: 20,
  searchMax: 200,
  externalIdMax: 500,
  /** Members answered by one SCIM Group resource; a larger group is read through /Users filters. */
  scimMembersMax: 10_000,
} as const;

/** The claim the groups come in unless an application names another (oauth2-proxy, Argo CD, Kubernetes read `groups`). */
export const DEFAULT_GROUPS_CLAIM = 'groups';
/** The scope an application asks for to get the groups claim. */
export const GROUPS_SCOPE = 'groups';
/**
 * The most groups an ID token carries. Past it the ID token names userinfo as the claim's source
 * (OpenID Connect Core 5.6.2, as Entra ID's `_claim_names` overage does) and userinfo answers the list,
 * so an ID token never outgrows a header or a cookie.
 */
export const GROUPS_IN_ID_TOKEN_MAX = 150;
export const GROUPS_CLAIM_PATTERN = /^[A-Za-z][A-Za-z0-9_:./-]{0,99}$/;
/** Claims an application cannot take for its groups: the protocol's and the standard ones. */
export const RESERVED_CLAIMS: ReadonlySet<string> = new Set([
  'iss',
  'sub',
  'aud',
  'exp',
  'nbf',
  'iat',
  'jti',
  'auth_time',
  'nonce',
  'acr',
  'amr',
  'azp',
  'sid',
  'at_hash',
  'c_hash',
  'scope',
  'client_id',
  'name',
  'given_name',
  'family_name',
  'email',
  'email_verified',
  'phone_number',
  'phone_number_verified',
  'updated_at',
  '_claim_names',
  '_claim_sources',
]);

export const GROUP_MESSAGES = {
  listHeading: 'Groups',
  intro:
    'Groups gather people. Applications that ask for the groups scope, or have groups switched on, get the names of the groups a person is in.',
  add: 'Add group',
  addHeading: 'Add a group',
  name: 'Name',
  members: 'Members',
  memberCount: 'Members',
  managedBy: 'Managed by',
  searchLabel: 'Search groups',
  searchPlaceholder: 'Search by name',
  noGroups: 'There are no groups yet.',
  noMatches: 'No matching groups were found',
  listFailed: 'The groups could not be loaded.',
  retry: 'Retry',
  previous: 'Previous page',
  next: 'Next page',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  open: 'Open',
  save: 'Save',
  rename: 'Rename',
  delete: 'Delete group',
  deleteHeader: 'Delete confirmation',
  deleteText: 'Delete this group? Its members stay; applications stop seeing the group at their next sign-in.',
  cancel: 'Cancel',
  back: 'Back to groups',
  addMember: 'Add member',
  memberEmail: 'Email of the person to add',
  removeMember: (email: string) => `Remove ${email} from the group`,
  remove: 'Remove',
  noMembers: 'Nobody is in this group yet.',
  searchMembersLabel: 'Search members',
  saved: 'Group saved',
  memberAdded: 'Member added',
  memberRemoved: 'Member removed',
  readOnly: (application: string) => `${application} provisions this group over SCIM: its name and members are changed there, not here.`,
  nameTaken: 'A group with this name already exists',
  tooMany: `An organisation can have ${GROUP_LIMITS.groupsMax} groups at most`,
  unknownMember: 'No user with this email or id in the organisation',
  groupNotFound: 'Group not found',
  groupsClaim: 'Groups claim name',
  groupsClaimHint:
    'The claim the ID token and userinfo carry the names of the person’s groups in: groups for oauth2-proxy, Argo CD and Kubernetes.',
  groupsAlways: 'Send groups without the application asking for the groups scope',
  claimInvalid: 'A claim name starts with a letter and holds letters, digits and _ : . / -',
  claimReserved: 'This claim is the protocol’s own: choose another name',
} as const;
