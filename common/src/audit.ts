/**
 * The audit log's event types (also what webhooks subscribe to), their names on screen, and the
 * limits of its API. Types are `<subject>.<what happened>`.
 */
export const AUDIT_EVENT_LABELS = {
  'user.signed_in': 'Signed in',
  'user.sign_in_failed': 'Sign-in failed',
  'user.locked_out': 'Locked out',
  'user.unlocked': 'Lockout cleared',
  'user.signed_up': 'Signed up',
  'user.created': 'User created',
  'user.updated': 'User updated',
  'user.disabled': 'User disabled',
  'user.enabled': 'User enabled',
  'user.deactivated': 'User deactivated for inactivity',
  'user.deleted': 'User deleted',
  'user.password_changed': 'Password changed',
  'user.password_reset': 'Password reset',
  'user.mfa_enrolled': 'MFA set up',
  'user.mfa_disabled': 'MFA turned off',
  'user.mfa_reset': 'MFA reset',
  'user.mfa_factor_removed': 'MFA method removed',
  'user.mfa_factor_renamed': 'MFA method renamed',
  'user.mfa_default_changed': 'Default MFA method changed',
  'user.recovery_codes_regenerated': 'Recovery codes regenerated',
  'user.passkey_renamed': 'Passkey renamed',
  'user.passkey_removed': 'Passkey removed',
  'user.email_verified': 'Email verified',
  'user.policy_accepted': 'Application policy accepted',
  'user.sessions_ended': 'Signed out of sessions',
  'user.signed_out_everywhere': 'Signed out everywhere',
  'user.sign_in_disowned': 'Sign-in reported as not theirs',
  'user.application_access_removed': 'Application access removed',
  'invitation.sent': 'Invitation sent',
  'invitation.accepted': 'Invitation accepted',
  'recovery.requested': 'Account recovery requested',
  'recovery.completed': 'Account recovered',
  'application.created': 'Application created',
  'application.updated': 'Application updated',
  'application.deleted': 'Application deleted',
  'application.secret_regenerated': 'Application secret regenerated',
  'application.scim_token_generated': 'SCIM token generated',
  'organisation.settings_changed': 'Organisation settings changed',
  'organisation.address_lists_changed': 'Address lists changed',
  'organisation.keys_rotated': 'Signing keys rotated',
  'organisation.exported': 'Organisation exported',
  'organisation.imported': 'Organisation imported',
  'api.created': 'API added',
  'api.updated': 'API changed',
  'api.deleted': 'API deleted',
  'api.access_changed': 'API access changed',
  'api.management_call': 'Management API called',
  'webhook.created': 'Webhook added',
  'webhook.updated': 'Webhook changed',
  'webhook.deleted': 'Webhook deleted',
  'webhook.secret_rolled': 'Webhook secret rolled',
  'connection.created': 'Sign-in connection added',
  'connection.updated': 'Sign-in connection changed',
  'connection.deleted': 'Sign-in connection deleted',
  'connection.linked': 'Account linked to a connection',
  'connection.refused': 'Sign-in through a connection refused',
  'saml.assertion_issued': 'SAML assertion issued',
  'saml.refused': 'SAML sign-in refused',
  'saml.logged_out': 'SAML single logout',
  'group.created': 'Group added',
  'group.updated': 'Group renamed',
  'group.deleted': 'Group deleted',
  'group.members_added': 'Group members added',
  'group.members_removed': 'Group members removed',
  'role.created': 'Role added',
  'role.updated': 'Role changed',
  'role.deleted': 'Role deleted',
  'role.assigned': 'Role given',
  'role.unassigned': 'Role taken away',
} as const;
export type AuditEventType = keyof typeof AUDIT_EVENT_LABELS;
export const AUDIT_EVENT_TYPES = Object.keys(AUDIT_EVENT_LABELS) as AuditEventType[];

/** The kinds a person's activity timeline filters by (their page), each the event types it stands for. */
export const USER_ACTIVITY_KINDS = {
  signIns: { label: 'Sign-ins and failures', types: ['user.signed_in', 'user.sign_in_failed', 'user.locked_out', 'user.unlocked'] },
  factors: {
    label: 'Two-step methods',
    types: [
      'user.mfa_enrolled',
      'user.mfa_disabled',
      'user.mfa_reset',
      'user.mfa_factor_removed',
      'user.mfa_factor_renamed',
      'user.mfa_default_changed',
      'user.recovery_codes_regenerated',
      'user.passkey_renamed',
      'user.passkey_removed',
    ],
  },
  password: { label: 'Password', types: ['user.password_changed', 'user.password_reset', 'recovery.requested', 'recovery.completed'] },
  rolesAndStatus: {
    label: 'Roles and status',
    types: ['user.created', 'user.updated', 'user.disabled', 'user.enabled', 'user.deactivated', 'user.email_verified'],
  },
  sessions: {
    label: 'Sessions and applications',
    types: ['user.sessions_ended', 'user.signed_out_everywhere', 'user.sign_in_disowned', 'user.application_access_removed'],
  },
} as const satisfies Record<string, { label: string; types: readonly AuditEventType[] }>;
export type UserActivityKind = keyof typeof USER_ACTIVITY_KINDS;

export const ACTOR_KINDS = ['user', 'application', 'operator', 'system', 'anonymous'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export const AUDIT_LIMITS = { pageSizeDefault: 50, pageSizeMax: 200, exportMax: 10_000 } as const;
/** How long events are kept unless the operator sets AUDIT_RETENTION_DAYS. */
export const AUDIT_RETENTION_DAYS_DEFAULT = 90;

/** How the screens name who did something. */
export const ACTOR_LABELS: Record<ActorKind, string> = {
  user: 'User',
  application: 'Application',
  operator: 'Operator (command line)',
  system: 'Gatehouse',
  anonymous: 'Not signed in',
};

export const AUDIT_MESSAGES = {
  intro: 'Everything that happened to the accounts, applications and settings of your organisation, newest first.',
  eventType: 'Event',
  allEvents: 'All events',
  user: 'User (email)',
  userHint: 'The start of the address is enough.',
  from: 'From',
  to: 'To',
  show: 'Show events',
  clear: 'Clear filters',
  time: 'Time',
  doneBy: 'Done by',
  about: 'About',
  address: 'IP address',
  details: 'Details',
  // An image's id is not shown: only whether there is one.
  anImage: 'an image',
  noValue: '(none)',
  loadMore: 'Show older events',
  none: 'No events match these filters.',
  exportCsv: 'Export CSV',
  exportJson: 'Export JSON',
  exportHint: 'Exports hold the events these filters show, up to 10,000.',
  recentHeading: 'Recent activity',
  activityKind: 'Show',
  allActivity: 'All activity',
  correlationId: 'Correlation id',
  recentNone: 'Nothing has happened to this account yet.',
  seeAll: 'See all in the audit log',
} as const;
