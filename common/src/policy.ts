/**
 * Roles, statuses, organisation defaults, recommended values and product limits (spec sections 3, 5, 6, 9).
 * The one place these constants live; the server enforces them and the SPA displays them.
 */
import { MESSAGES } from './messages.ts';

export const ROLES = ['EndUser', 'UserAdministrator', 'OrganisationAdministrator'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  EndUser: 'End user',
  UserAdministrator: 'User admin',
  OrganisationAdministrator: 'Organisation admin',
};

/** Rank of each role: a caller may grant or act on roles up to their own rank only. */
export const ROLE_RANK: Record<Role, number> = {
  EndUser: 0,
  UserAdministrator: 1,
  OrganisationAdministrator: 2,
};

export const ADMIN_ROLES: readonly Role[] = ['UserAdministrator', 'OrganisationAdministrator'];

export function isAdminRole(role: Role): boolean {
  return ADMIN_ROLES.includes(role);
}

export const USER_STATUSES = ['Pending', 'SignedUp', 'LockedOut', 'Disabled', 'Inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  Pending: 'Pending',
  SignedUp: 'Signed up',
  LockedOut: 'Locked out',
  Disabled: 'Disabled',
  Inactive: 'Inactive',
};

/** Two-step kinds as the spec numbers them: 0 authenticator app, 1 email, 2 SMS. */
/** 3: passkeys only (a user with another method may add passkeys too, as an alternative at the code step). */
export const TWO_STEP_KINDS = { app: 0, email: 1, sms: 2, passkey: 3 } as const;
export type TwoStepKind = (typeof TWO_STEP_KINDS)[keyof typeof TWO_STEP_KINDS];

export const COLOURS = ['Blue', 'Green', 'Red', 'Purple', 'Orange', 'Yellow', 'Grey', 'DarkGrey', 'Teal', 'DarkBlue', 'Plum'] as const;
export type Colour = (typeof COLOURS)[number];

/** Each named colour as the theme's primary colour and the text colour that reads on it (WCAG AA). */
export const COLOUR_VALUES: Record<Colour, { primary: string; onPrimary: string; tint: string }> = {
  Blue: { primary: '#1d5fbf', onPrimary: '#ffffff', tint: '#e8f0fb' },
  Green: { primary: '#1e7a3c', onPrimary: '#ffffff', tint: '#e7f4ec' },
  Red: { primary: '#b3261e', onPrimary: '#ffffff', tint: '#fbeaea' },
  Purple: { primary: '#6a3bb5', onPrimary: '#ffffff', tint: '#f1ebfa' },
  Orange: { primary: '#b84f00', onPrimary: '#ffffff', tint: '#fdefe3' },
  Yellow: { primary: '#f2c200', onPrimary: '#1f1f1f', tint: '#fdf8e1' },
  Grey: { primary: '#5f6368', onPrimary: '#ffffff', tint: '#f1f3f4' },
  DarkGrey: { primary: '#303437', onPrimary: '#ffffff', tint: '#eceeef' },
  Teal: { primary: '#00796b', onPrimary: '#ffffff', tint: '#e0f2f0' },
  DarkBlue: { primary: '#0b2e6b', onPrimary: '#ffffff', tint: '#e6ebf4' },
  Plum: { primary: '#7b2d63', onPrimary: '#ffffff', tint: '#f5e9f1' },
};

export const FONTS = ['Default', 'Serif'] as const;
export type Font = (typeof FONTS)[number];
export const FONT_STACKS: Record<Font, string> = {
  Default: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  Serif: "Georgia, Cambria, 'Times New Roman', Times, serif",
};

export const BUTTON_STYLES = ['Default', 'Rounded'] as const;
export type ButtonStyle = (typeof BUTTON_STYLES)[number];
export const INPUT_STYLES = ['Default', 'Grey'] as const;
export type InputStyle = (typeof INPUT_STYLES)[number];

export const TIERS = ['starter', 'free'] as const;
export type Tier = (typeof TIERS)[number];
export const TIER_LABELS: Record<Tier, string> = { starter: 'Starter', free: 'Free' };

/** Organisation policy defaults of spec section 9. */
export const ORGANISATION_DEFAULTS = {
  passwordMinLength: 10,
  passwordExpiryDays: 0,
  passwordUpper: false,
  passwordLower: false,
  passwordDigit: false,
  passwordSpecial: false,
  usePasswordList: true,
  enforcePasswordHistory: false,
  passwordVisibility: true,
  requireTwoStep: false,
  allowEmailTwoStep: false,
  allowSMSTwoStep: false,
  allowPasswordless: false,
  /** Off unless the organisation turns it on (the spec says nothing of it). */
  newBrowserNotice: false,
  rememberMeDays: 0,
  failedSignInsBeforeCooldown: 5,
  cooldownDurationMinutes: 30,
  failedSignInsBeforeLockout: 10,
  inactivityDeletionDays: 0,
  inactivityExpiryDays: 60,
  reactivationGracePeriodDays: 3,
  invitationExpiryHours: 168,
  inactivityNotificationEmailDays: 7,
  preventSelfSignUp: false,
  requireSignUpChallenge: false,
  userEmailWhitelist: ['/.*/'] as string[],
  enableRedirectUrl: false,
  redirectUrl: null as string | null,
  dashboardRedirect: false,
  colour: 'Blue' as Colour,
  font: 'Default' as Font,
  buttonStyle: 'Default' as ButtonStyle,
  inputStyle: 'Default' as InputStyle,
  hideOrganisationName: false,
  tier: 'starter' as Tier,
};

/** The email whitelist entry that allows every address; shown as 'Any email address is allowed'. */
export const ANY_EMAIL_PATTERN = '/.*/';

export const LIMITS = {
  starterPackageUsers: 50,
  firstNameMax: 50,
  surnameMax: 100,
  emailMax: 254,
  phoneMax: 32,
  contactMessageMax: 500,
  fileReadMaxBytes: 104_857_600,
  /** Passwords longer than this are refused before hashing (NIST 800-63B allows a cap of 64 or more). */
  passwordMaxLength: 1024,
  passwordHistory: 13,
  minimumAge: 18,
  /** Inactivity sign-out of the SPA and the server's idle session limit (the spec's 1,200,000 ms). */
  sessionIdleMs: 1_200_000,
  doubleSubmitMs: 1000,
  searchDebounceMs: 500,
  modalExitMs: 400,
  sidebarBreakpoint: 1000,
  infiniteScrollPx: 100,
  sendCodeResetMs: 60_000,
  emailCodeValidityMinutes: 15,
  smsCodeValidityMinutes: 10,
  mfaDigits: 6,
  applicationTilesPerRow: 6,
  /** Users per page of the /users list (GET /api/users, POST /api/users/search). */
  usersPageSize: 50,
  /** The longest search term accepted (an email address's limit). */
  userSearchMax: 254,
} as const;

/** Sign-in connections. */
export const CONNECTION_LIMITS = {
  perOrganisation: 20,
  nameMax: 60,
  urlMax: 500,
  clientIdMax: 300,
  secretMax: 1000,
  scopesMax: 300,
  claimMax: 100,
  domainsMax: 50,
  domainMax: 253,
  /** How long a sign-in sent upstream may take before its state expires. */
  flowMinutes: 10,
  /** Outbound limits for discovery, JWKS and token requests. */
  fetchTimeoutMs: 5000,
  fetchMaxBytes: 256 * 1024,
  /** The upstream groups kept per link: how many, and how long each. */
  groupsMax: 100,
  groupMax: 256,
  /** How long a provider's discovered metadata is reused. */
  discoveryCacheMs: 10 * 60 * 1000,
} as const;

export const PASSWORD_STRENGTH_BANDS = [
  { label: 'Excellent', min: 90 },
  { label: 'Strong', min: 70 },
  { label: 'OK', min: 50 },
  { label: 'Weak', min: 0 },
] as const;

/** Uploaded images: accepted types per kind and size limits, checked by content on the server. */
/**
 * What each kind of upload may be. The dimensions are what the screens can use (a 4K-wide background,
 * a sign-in hero, a header logo at twice its shown size, a favicon's largest icon), and so bound the
 * memory a browser spends decoding it: an image of 4096 x 4096 took 48 MiB to show.
 */
export const UPLOADS = {
  logo: { types: ['image/png', 'image/jpeg', 'image/gif'], maxBytes: 1024 * 1024, maxWidth: 2048, maxHeight: 1024 },
  clientlogo: { types: ['image/png', 'image/jpeg', 'image/gif'], maxBytes: 1024 * 1024, maxWidth: 1024, maxHeight: 1024 },
  background: { types: ['image/png', 'image/jpeg', 'image/gif'], maxBytes: 5 * 1024 * 1024, maxWidth: 3840, maxHeight: 2400 },
  hero: { types: ['image/png', 'image/jpeg', 'image/gif'], maxBytes: 5 * 1024 * 1024, maxWidth: 2560, maxHeight: 2560 },
  favicon: { types: ['image/x-icon'], maxBytes: 256 * 1024, maxWidth: 256, maxHeight: 256 },
} as const;
export type UploadKind = keyof typeof UPLOADS;
export type ImageType = (typeof UPLOADS)[UploadKind]['types'][number];

/** How each accepted image type is named to users. */
export const IMAGE_TYPE_NAMES: Record<ImageType, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/x-icon': 'ICO',
};

/** Why an upload of this kind would be refused, as sentences shared by the SPA's check and the server's. */
export function uploadMessages(kind: UploadKind): { tooLarge: string; wrongType: string } {
  const rules = UPLOADS[kind];
  return {
    tooLarge: MESSAGES.fileTooLarge(Math.round(rules.maxBytes / 1024)),
    wrongType: MESSAGES.fileWrongType(rules.types.map((t) => IMAGE_TYPE_NAMES[t]).join(', '), rules.maxWidth, rules.maxHeight),
  };
}

/**
 * The values 'Reset to recommended' applies on the organisation settings page. The numbers are the
 * spec's guidance (section 5); the switches follow NIST SP 800-63B: no composition rules or forced
 * expiry, a common-password list, and multi-factor authentication required with an authenticator app
 * rather than SMS or email codes, with passwordless sign-in by passkey (phishing-resistant) offered. Sign-up policy, redirects, appearance and content are the
 * organisation's own choices and are left as they are.
 */
export const RECOMMENDED_SETTINGS = {
  passwordMinLength: 10,
  passwordExpiryDays: 0,
  passwordUpper: false,
  passwordLower: false,
  passwordDigit: false,
  passwordSpecial: false,
  usePasswordList: true,
  enforcePasswordHistory: false,
  passwordVisibility: true,
  invitationExpiryHours: 168,
  requireTwoStep: true,
  allowSMSTwoStep: false,
  allowEmailTwoStep: false,
  allowPasswordless: true,
  failedSignInsBeforeCooldown: 5,
  cooldownDurationMinutes: 30,
  failedSignInsBeforeLockout: 10,
  reactivationGracePeriodDays: 3,
  inactivityExpiryDays: 60,
  inactivityDeletionDays: 0,
  inactivityNotificationEmailDays: 7,
  rememberMeDays: 0,
} as const;
/** Lifetimes and limits of the account lifecycle's links, codes and emails. */
export const ACCOUNT_TOKENS = {
  /** A sign-up or email verification link. */
  verificationLinkHours: 24,
  /** A password reset link sent by an administrator. */
  passwordResetLinkHours: 24,
  /** After the email is verified, the browser that opened the link has this long to choose a password. */
  signUpCompletionMinutes: 60,
  /** An emailed recovery code (the spec's email code validity). */
  recoveryCodeMinutes: LIMITS.emailCodeValidityMinutes,
  /** Wrong codes accepted per recovery request before the code is dead. */
  recoveryCodeAttempts: 5,
  /** After a code or a reset link is accepted, the new password must be chosen within this time. */
  recoveryChoosePasswordMinutes: 30,
  /** Emails of one kind that anonymous requests may have sent to one address within an hour. */
  anonymousEmailsPerHour: 5,
  /** A verification email is not sent again to the same user within this time. */
  resendCooldownSeconds: 60,
} as const;

/** Users an organisation may register on each tier; null is no limit. */
export const TIER_USER_LIMITS: Record<Tier, number | null> = { starter: LIMITS.starterPackageUsers, free: null };

/** The base organisation's trial sign-up, demo and the hand-over to the new organisation's host. */
export const BASE_SIGNUP = {
  /** The emailed link of a trial sign-up. */
  linkHours: 24,
  /** A demo sign-up (no email to confirm) must choose its organisation name within this time. */
  demoSignUpMinutes: 60,
  /** The one-time token that signs the new Organisation Admin in on the new host: used at once by the redirect. */
  handoverSeconds: 60,
  /** Live demo organisations at most, so nobody can fill the database with them. */
  maxLiveDemos: 500,
} as const;

/** The help page's contact form: messages one sender may send within an hour, and all senders of one organisation. */
export const SUPPORT_LIMITS = { perSenderHour: 5, perOrganisationHour: 100 } as const;

/**
 * Limits by client address and by identifier (an email) on the anonymous and costly endpoints, keyed by
 * the endpoint's operationId: at most `limit` requests per `windowSeconds` for one address (or one
 * identifier) at one organisation, counted across every process through Redis when it is configured.
 * docs/security.md lists them; RATE_LIMITS=false turns them off (load tests).
 */
export interface RateLimit {
  by: 'address' | 'identifier';
  limit: number;
  windowSeconds: number;
  /** For `identifier`: the body field whose value is counted (compared lower-cased). */
  field?: 'email';
}

export const RATE_LIMITS: Readonly<Record<string, readonly RateLimit[]>> = {
  authenticate: [
    { by: 'address', limit: 30, windowSeconds: 300 },
    { by: 'identifier', field: 'email', limit: 20, windowSeconds: 300 },
  ],
  resendSignInCode: [{ by: 'address', limit: 20, windowSeconds: 300 }],
  switchSignInMethod: [{ by: 'address', limit: 20, windowSeconds: 300 }],
  passkeySignInOptions: [{ by: 'address', limit: 30, windowSeconds: 300 }],
  passkeySignIn: [{ by: 'address', limit: 30, windowSeconds: 300 }],
  passwordlessSignInOptions: [{ by: 'address', limit: 30, windowSeconds: 300 }],
  passwordlessSignIn: [{ by: 'address', limit: 30, windowSeconds: 300 }],
  signUp: [
    { by: 'address', limit: 10, windowSeconds: 3600 },
    { by: 'identifier', field: 'email', limit: 3, windowSeconds: 3600 },
  ],
  startBaseSignUp: [
    { by: 'address', limit: 10, windowSeconds: 3600 },
    { by: 'identifier', field: 'email', limit: 3, windowSeconds: 3600 },
  ],
  finishBaseSignUp: [{ by: 'address', limit: 10, windowSeconds: 3600 }],
  startRecovery: [
    { by: 'address', limit: 10, windowSeconds: 3600 },
    { by: 'identifier', field: 'email', limit: 5, windowSeconds: 3600 },
  ],
  verifyRecovery: [{ by: 'address', limit: 20, windowSeconds: 600 }],
  resendOwnVerification: [{ by: 'address', limit: 10, windowSeconds: 3600 }],
  verifyEmail: [{ by: 'address', limit: 20, windowSeconds: 600 }],
  disownSignIn: [{ by: 'address', limit: 20, windowSeconds: 600 }],
  getInvitation: [{ by: 'address', limit: 30, windowSeconds: 600 }],
  completeSignUp: [{ by: 'address', limit: 20, windowSeconds: 600 }],
  sendSupportMessage: [{ by: 'address', limit: 10, windowSeconds: 3600 }],
  findOrganisation: [{ by: 'address', limit: 30, windowSeconds: 60 }],
  getChallenge: [{ by: 'address', limit: 60, windowSeconds: 300 }],
};

/**
 * Failed credentials from one address, per organisation and per kind: management API and SCIM bearer
 * tokens, client authentication at the token, introspection, revocation, device and PAR endpoints. Only
 * failures count, so a caller with good credentials is never slowed.
 */
/**
 * The proof-of-work challenge (ALTCHA) of the sign-in and sign-up forms: asked of an address, or of
 * everyone at the organisation, once the counts below are crossed within their windows (and of every
 * sign-up where the organisation requires it). A challenge is signed, bound to its organisation and
 * form, taken once and lives `challengeSeconds`; solving it takes a browser about a second
 * (PBKDF2-SHA-256, `cost` iterations, about `counterMax / 2` tries on average).
 */
export const PROOF_OF_WORK = {
  /** Failed password sign-ins from one address (whatever the accounts) before its sign-ins are challenged. */
  signInFailuresByAddress: { limit: 5, windowSeconds: 900 },
  /** Failed password sign-ins at the organisation before every sign-in there is challenged. */
  signInFailuresByOrganisation: { limit: 200, windowSeconds: 900 },
  /** Sign-up requests from one address before its sign-ups are challenged. */
  signUpsByAddress: { limit: 3, windowSeconds: 3600 },
  /** Sign-up requests at the organisation before every sign-up there is challenged. */
  signUpsByOrganisation: { limit: 50, windowSeconds: 3600 },
  challengeSeconds: 300,
  algorithm: 'PBKDF2/SHA-256',
  cost: 1000,
  counterMin: 1000,
  counterMax: 4000,
} as const;

/** The forms a proof-of-work challenge guards. */
export const CHALLENGED_FORMS = ['signIn', 'signUp'] as const;
export type ChallengedForm = (typeof CHALLENGED_FORMS)[number];

export const CREDENTIAL_FAILURE_LIMIT: RateLimit = { by: 'address', limit: 20, windowSeconds: 300 };

/** The fixed administrator address of every demo organisation: a reserved domain (RFC 2606) that receives nothing. */
export const DEMO_ADMIN_EMAIL = 'demo@example.com';
