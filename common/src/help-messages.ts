/**
 * Texts of the help page (/help, spec sections 2 and 6): which entries a visitor sees depends on the
 * organisation (base or not) and their role. Texts the spec gives are used exactly ('Message sent').
 */
import { liveTexts, textsOf } from './i18n/runtime.ts';
import { ACCOUNT_TOKENS, LIMITS } from './policy.ts';

/** The English texts (ICU MessageFormat): the catalog's `help.*` keys. */
export const HELP_EN = {
  title: 'Help',
  intro: 'Answers to common questions, and how to reach us.',
  organisationIntro: 'Answers to common questions about signing in to {org}.',

  freePackageHeading: 'The free Starter package',
  freePackage1:
    "Every organisation starts on the Starter package, free for up to {users} registered users: sign-in and sign-up pages in your organisation's colours, multi-factor authentication, sign-in policies, and an OpenID Connect provider of its own for as many applications as you need.",
  freePackage2: 'It stays free for as long as your organisation stays within it.',
  currentPackage: 'Your organisation is on the {tier} package.',
  termsLink: 'Terms and conditions of use',

  recoveryHeading: 'Forgotten your password, or locked out?',
  recovery1:
    "Choose 'Forgot password?' on the sign-in page and enter your email address: we'll email you a code to choose a new password. The code works for {minutes} minutes, once, in the browser where you asked for it.",
  recovery2:
    'After several wrong passwords in a row, signing in pauses for a while to keep your account safe: wait, then try again. After more, the account is locked and only an administrator of your organisation can unlock it: ask them, then sign in again.',
  recoverAccount: 'Recover your account',

  mfaHeading: 'Multi-factor authentication (MFA)',
  mfa1: 'MFA asks for a second proof after your password: a code from an authenticator app (recommended), or, where your organisation allows it, a code by text message or email. Someone who learns your password still cannot sign in as you.',
  mfa2: 'Once signed in, set it up under MFA in the menu. Keep the recovery codes you are shown somewhere safe: each one works once, should you lose your phone.',
  setUpMfa: 'Set up MFA',

  supportMessageHeading: 'Support from {org}',

  clientsHeading: 'Your applications',
  clientsIntro: 'The applications of your organisation. As an administrator you can sign in to all of them.',
  noLandingPage: 'No landing page',

  oidcHeading: 'Connecting an application (OpenID Connect)',
  oidcIntro:
    'Your organisation is an OpenID Provider of its own. Add the application under Applications to get its client id and secret, and register its exact redirect URIs. Any certified OpenID Connect library then needs only the issuer: it finds everything else at the discovery URL.',
  oidcExampleHeading: 'A worked example: the authorization code flow with PKCE',
  oidcStep1:
    "Make a random code verifier and state, keep them in the user's session, and send the browser to the authorization endpoint with the verifier's SHA-256 (base64url) as the code challenge:",
  oidcStep2:
    'Gatehouse signs the user in and sends the browser back to your redirect URI with ?code=…&state=…. Check that the state is yours, then exchange the code from your server, within a minute, once:',
  oidcStep3:
    'The answer holds an ID token (a JWT: check its signature with the keys at the JWKS URI, and its iss, aud and nonce), an access token for the userinfo endpoint, and, when you asked for the offline_access scope with prompt=consent, a refresh token.',
  manageApplications: 'Manage applications',
  apiHeading: 'The Gatehouse API',
  apiIntro:
    'Everything these screens do goes through a documented API: each operation, its parameters, answers and errors, and who may call it, described in OpenAPI 3.1.',
  apiReference: 'Browse the API reference',
  apiDocument: 'OpenAPI document (JSON)',

  contactHeading: 'Contact us',
  contactIntro: "A question, a problem or an idea? Send us a message and we'll reply by email.",
  contactAddress: 'You can also write to [{address}](mailto:{address}).',
  contactSignedIn: "A question, a problem or an idea? Send us a message and we'll reply to {email}.",
  emailAddress: 'Email address',
  message: 'Message',
  messageHint: 'Up to {max} characters.',
  send: 'Send',
} as const;

const t = textsOf('help', HELP_EN);

/** The texts in the active language, as live strings and functions. */
export const HELP_MESSAGES = liveTexts('help', HELP_EN, {
  organisationIntro: (org: string) => t('organisationIntro', { org }),
  get freePackage(): readonly string[] {
    return [t('freePackage1', { users: LIMITS.starterPackageUsers }), t('freePackage2')];
  },
  currentPackage: (tier: string) => t('currentPackage', { tier }),
  get recovery(): readonly string[] {
    return [t('recovery1', { minutes: ACCOUNT_TOKENS.recoveryCodeMinutes }), t('recovery2')];
  },
  get mfa(): readonly string[] {
    return [t('mfa1'), t('mfa2')];
  },
  supportMessageHeading: (org: string) => t('supportMessageHeading', { org }),
  contactAddress: (address: string) => t('contactAddress', { address }),
  contactSignedIn: (email: string) => t('contactSignedIn', { email }),
  get messageHint() {
    return t('messageHint', { max: LIMITS.contactMessageMax });
  },
});
