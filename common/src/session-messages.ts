/** The texts of a person's sessions and connected applications: /account and the person's page. */
import { liveRecord, liveTexts, textsOf } from './i18n/runtime.ts';
import { SIGN_IN_METHODS, type SignInMethod } from './schemas/sessions.ts';

/** The English texts (ICU MessageFormat): the catalog's `sessions.*` keys. */
export const SESSION_EN = {
  devicesHeading: 'Devices and sessions',
  devicesIntro: 'Where you are signed in to this organisation. Sign out of any session you do not recognise.',
  userDevicesIntro: 'Where this person is signed in.',
  unknownBrowser: 'Unknown browser',
  unknownSystem: 'unknown system',
  thisDevice: 'This device',
  address: 'Address',
  firstSeen: 'Signed in',
  lastSeen: 'Last seen',
  signedInWith: 'Signed in with',
  signOut: 'Sign out',
  signOutOthers: 'Sign out of all other sessions',
  signedOutOthers: '{n, plural, one {Signed out of # other session} other {Signed out of # other sessions}}',
  signedOutOne: 'Session signed out',
  noSessions: 'No sessions.',
  moreSessions:
    '{n, plural, one {Only the # most recently seen session is shown; older ones are left off.} other {Only the # most recently seen sessions are shown; older ones are left off.}}',
  signOutEverywhere: 'Sign out everywhere',
  signOutEverywhereConfirm:
    'Sign this person out everywhere? Every session ends, and every application loses its access and refresh tokens.',
  signedOutEverywhere: 'Signed out everywhere',
  applicationsHeading: 'Connected applications',
  applicationsIntro: 'Applications you have signed in to that can still act for you.',
  noApplications: 'No applications hold access.',
  moreApplications:
    '{n, plural, one {Only the # most recently used application is shown; others are left off.} other {Only the # most recently used applications are shown; others are left off.}}',
  granted: 'Granted',
  lastUsed: 'Last used',
  never: 'Never',
  removeAccess: 'Remove access',
  accessRemoved: 'Access removed',
  sessionNotFound: 'That session was not found',
  applicationNotFound: 'That application holds no access to this account',
  methodPassword: 'Password',
  methodPasskey: 'Passkey',
  methodConnection: 'Sign-in connection',
  methodTwoStep: 'Two-step',
} as const;

const t = textsOf('sessions', SESSION_EN);

export const SESSION_MESSAGES = liveTexts('sessions', SESSION_EN, {
  signedOutOthers: (n: number) => t('signedOutOthers', { n }),
  moreSessions: (n: number) => t('moreSessions', { n }),
  moreApplications: (n: number) => t('moreApplications', { n }),
});

const METHOD_KEYS = {
  password: 'methodPassword',
  passkey: 'methodPasskey',
  connection: 'methodConnection',
  'two-step': 'methodTwoStep',
} as const satisfies Record<SignInMethod, keyof typeof SESSION_EN>;

export const SIGN_IN_METHOD_LABELS: Readonly<Record<SignInMethod, string>> = liveRecord(SIGN_IN_METHODS, (method) =>
  t(METHOD_KEYS[method]),
);
