/**
 * Texts of the base organisation's front door (spec sections 1 and 2): the trial sign-up (/getstarted,
 * /signuporganisation), the demo (/demo) and the organisation sign-in on the base host. The spec's
 * labels are used exactly; the rest is ours.
 */
import { liveTexts, textsOf } from './i18n/runtime.ts';
import { lifetime } from './mail-messages.ts';
import { BASE_SIGNUP, DEMO_ADMIN_EMAIL, LIMITS } from './policy.ts';

/** The English texts (ICU MessageFormat): the catalog's `baseSignup.*` keys. */
export const BASE_SIGNUP_EN = {
  // /getstarted
  welcome: 'Welcome to {product}',
  intro:
    "Sign-in, sign-up and multi-factor authentication for your organisation's applications, with an OpenID Connect provider of its own. The Starter package is free for up to {users} users.",
  emailStep: "Enter your email address and we'll send you a link to set up your organisation. You will be its administrator.",
  emailAddress: 'Email address',
  getStarted: 'Get started',
  tryDemo: 'Try the demo first',
  checkYourEmailHeading: 'Check your email',
  checkYourEmail: "We've sent a link to {email}. Follow it to choose your organisation's name. The link works for {lifetime}.",
  checkingLink: 'Checking your link...',
  linkInvalid: 'This sign-up link has expired or has already been used. Please start again.',
  startAgain: 'Start again',

  // /signuporganisation
  organisationHeading: 'Please provide the name of your organisation',
  organisationName: 'Organisation name',
  organisationNameHint: 'Your organisation will be at name.{baseHostname}: lower-case letters, digits and hyphens, up to 63 characters.',
  signingUpAs: 'Administrator:',
  demoNotice: 'This is a demo organisation: it and everything in it is deleted after {lifetime}.',
  finish: 'Finish',

  // /demo
  demoHeading: 'Try a demo organisation',
  demoIntro:
    "Get an organisation of your own to explore: add applications, invite users and change the sign-in policy and appearance. Its administrator is the demo address {email}, so no email reaches anyone, and the organisation and everything in it is deleted after {lifetime}. Please do not enter real people's details.",
  startDemo: 'Start demo',
  freeTrial: 'Want to keep your organisation? Start a free trial',

  // Organisation sign-in on the base host (/)
  organisationSignInIntro: "Enter your organisation's name to go to its sign-in page.",
  organisationNamePlaceholder: 'name',
  notSignedUpYet: 'Not signed up yet?',
} as const;

const t = textsOf('baseSignup', BASE_SIGNUP_EN);

/** The texts in the active language, as live strings and functions. */
export const BASE_SIGNUP_MESSAGES = liveTexts('baseSignup', BASE_SIGNUP_EN, {
  welcome: (product: string) => t('welcome', { product }),
  get intro() {
    return t('intro', { users: LIMITS.starterPackageUsers });
  },
  checkYourEmail: (email: string) => t('checkYourEmail', { email, lifetime: lifetime(BASE_SIGNUP.linkHours) }),
  organisationNameHint: (baseHostname: string) => t('organisationNameHint', { baseHostname }),
  demoNotice: (hours: number) => t('demoNotice', { lifetime: lifetime(hours) }),
  demoIntro: (hours: number) => t('demoIntro', { email: DEMO_ADMIN_EMAIL, lifetime: lifetime(hours) }),
});
