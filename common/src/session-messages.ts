/** The texts of a person's sessions and connected applications: /account and the person's page. */
import type { SignInMethod } from './schemas/sessions.ts';

export const SESSION_MESSAGES = {
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
  signedOutOthers: (n: number) => (n === 1 ? 'Signed out of 1 other session' : `Signed out of ${n} other sessions`),
  signedOutOne: 'Session signed out',
  noSessions: 'No sessions.',
  signOutEverywhere: 'Sign out everywhere',
  signOutEverywhereConfirm:
    'Sign this person out everywhere? Every session ends, and every application loses its access and refresh tokens.',
  signedOutEverywhere: 'Signed out everywhere',
  applicationsHeading: 'Connected applications',
  applicationsIntro: 'Applications you have signed in to that can still act for you.',
  noApplications: 'No applications hold access.',
  granted: 'Granted',
  lastUsed: 'Last used',
  never: 'Never',
  removeAccess: 'Remove access',
  accessRemoved: 'Access removed',
  sessionNotFound: 'That session was not found',
  applicationNotFound: 'That application holds no access to this account',
} as const;

export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'Password',
  passkey: 'Passkey',
  connection: 'Sign-in connection',
  'two-step': 'Two-step',
};
