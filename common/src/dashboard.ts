/**
 * The dashboards' rules and texts (spec section 2, Dashboards; section 9, starter package and metrics
 * windows): the profile completion tasks, the starter package bar, the admin tiles. Texts the spec gives
 * are used exactly; the others are ours.
 */
import { liveTexts, textsOf } from './i18n/runtime.ts';
import { LIMITS } from './policy.ts';
import type { Account } from './schemas/account.ts';

/** The English texts (ICU MessageFormat): the catalog's `dashboard.*` keys. */
export const DASHBOARD_EN = {
  // Welcome card (a newly set-up organisation, or one with no applications)
  welcomeTitle: 'Welcome to your organisation',
  welcomeSignupComplete: 'Your organisation is ready. Here is where to start:',
  welcomeIntro: 'Here is where to start:',
  welcomeAddApplication: 'Add your first application',
  welcomeOrganisation: 'Set your organisation’s policies and appearance',
  welcomeAddUser: 'Invite a user',
  welcomeSetPassword: 'Choose a password for your account',

  // Tiles; the windows are those of spec section 9
  last24Hours: 'Last 24 hours',
  allTime: 'All time',
  activity: 'Activity',
  signIns: 'Sign-ins',
  failedSignIns: 'Failed sign-ins',
  abandonedSignIns: 'Abandoned sign-ins',
  accounts: 'Accounts',
  registeredUsers: 'Registered users',
  signedUpUsers: 'Signed up',
  pendingUsers: 'Pending',
  // The Accounts tile's MFA figures: people with at least one second factor, and by kind.
  mfaUsers: 'With MFA',
  mfaApp: 'MFA: authenticator app',
  mfaSms: 'MFA: SMS',
  mfaEmail: 'MFA: email',
  mfaPasskey: 'MFA: passkey',
  applications: 'Applications',
  clients: 'Applications signed in to',
  authCodeFlows: 'Authorization code flows',
  unusedCodes: 'Unused codes',
  organisation: 'Your organisation',
  tier: 'Tier',
  hostname: 'Hostname',
  starterPackage: 'Starter package',
  starterUsage: '{users} of {limit} users',
  metricsUnavailable: 'The figures could not be loaded.',

  // Profile completion widget
  completeProfile: 'Complete your profile',
  profileCompletion: 'Profile completion',
  profileComplete: '{percent}% complete',
  taskVerifyEmail: 'Verify your email address',
  taskVerifyEmailAction: 'Send the confirmation email again',
  taskFirstName: 'Add your first name',
  taskMfa: 'Turn on multi-factor authentication',
  passkeyCount: '{n, plural, =0 {No passkeys yet} one {# passkey} other {# passkeys}}',
  addPasskey: 'Add a passkey',
  managePasskeys: 'Manage passkeys',
  taskDone: 'Done',
} as const;

const t = textsOf('dashboard', DASHBOARD_EN);

export const DASHBOARD_MESSAGES = liveTexts('dashboard', DASHBOARD_EN, {
  starterUsage: (users: number) => t('starterUsage', { users, limit: LIMITS.starterPackageUsers }),
  profileComplete: (percent: number) => t('profileComplete', { percent }),
  passkeyCount: (n: number) => t('passkeyCount', { n }),
});

export type ProfileTask = 'emailVerified' | 'firstName' | 'mfa';

/** The widget's three tasks, in order, and whether each is done; each is an equal share of 100%. */
export function profileTasks(user: Pick<Account, 'emailVerifiedDate' | 'firstName' | 'twoStep'>): { task: ProfileTask; done: boolean }[] {
  return [
    { task: 'emailVerified', done: user.emailVerifiedDate !== null },
    { task: 'firstName', done: Boolean(user.firstName?.trim()) },
    { task: 'mfa', done: user.twoStep.enabled },
  ];
}

/** How complete the profile is, in whole percent: 0, 33, 67 or 100. */
export function profileCompletion(user: Pick<Account, 'emailVerifiedDate' | 'firstName' | 'twoStep'>): number {
  const tasks = profileTasks(user);
  return Math.round((100 * tasks.filter((t) => t.done).length) / tasks.length);
}

/** The starter package bar: registeredUsers out of 50, capped at 100 percent. */
export function starterPackagePercent(registeredUsers: number): number {
  return Math.min(100, Math.round((100 * registeredUsers) / LIMITS.starterPackageUsers));
}
