/**
 * The sign-in step list: everything a person must have done before Gatehouse lets them on,
 * in order, declared once. The protocol interaction (server oidc/interaction.ts and oidc/policy.ts),
 * `requireUser` (server http/request-context.ts, and through it every `/api` endpoint) and the SPA's
 * route guard and /redirecting (routes.ts `guardRoute`, web RedirectingPage) all ask `pendingStep`, so
 * a new step is one entry here: its fact, the page where it is walked and, for a step of the account,
 * the error the API refuses with and the endpoint access option that waives it.
 *
 * Stages: `sign-in` steps are walked on the sign-in page and proven by holding a session (the password
 * or a passkey, no lockout, the second factor: accounts/service.ts, mfa/challenge.ts and
 * accounts/session.ts's rule that a session of a person with a second factor has one in its methods);
 * `account` steps hold the whole account until walked; `application` steps stand only between the
 * person and the application being signed in to.
 */
import type { ErrorCode } from './errors.ts';
import type { RouteName } from './routes.ts';

/** What an entry point knows of the person (and of the application, when one is being signed in to). */
export interface SignInFacts {
  /** The browser holds a session of the organisation: the password or a passkey was right. */
  signedIn: boolean;
  /** The person may not hold a session now (locked out, disabled): their sessions stop working at once. */
  lockedOut: boolean;
  /** The person holds a second factor that the session's methods (amr) do not include. */
  secondFactorPending: boolean;
  /** The password expired or an administrator asked for a new one. */
  requiresNewPassword: boolean;
  /** MFA is required (organisation or administrator) and the person has no factor yet. */
  requiresTwoStep: boolean;
  /** The application's own steps; absent where no application is being signed in to. */
  application?: { requiresAppPolicyConsent: boolean; requiresEmailVerification: boolean };
}

/** An access option of the endpoint contract (api/contract.ts) that lets an endpoint answer while a step is pending. */
export type StepWaiver = 'allowPasswordChangeRequired' | 'allowTwoStepRequired';

export interface SignInStep {
  id: string;
  stage: 'sign-in' | 'account' | 'application';
  /** For the docs and the reference. */
  summary: string;
  /** Whether the step is still to do. */
  pending: (facts: SignInFacts) => boolean;
  /** The SPA page where the person walks it. */
  route: RouteName;
  /** How `/api` endpoints refuse while it is pending (the sign-in and account stages). */
  refusal?: ErrorCode;
  /** The endpoint access option under which an endpoint still answers while it is pending (the pages that walk it). */
  waiver?: StepWaiver;
}

export const SIGN_IN_STEPS = [
  {
    id: 'password',
    stage: 'sign-in',
    summary: 'Password or passkey',
    pending: (f) => !f.signedIn,
    route: 'home',
    refusal: 'UNAUTHENTICATED',
  },
  {
    id: 'lockout',
    stage: 'sign-in',
    summary: 'Not locked out or disabled (their sessions stop at once), nor cooling down (refused at sign-in)',
    pending: (f) => f.lockedOut,
    route: 'home',
    refusal: 'UNAUTHENTICATED',
  },
  {
    id: 'secondFactor',
    stage: 'sign-in',
    summary: 'The second factor, for a person who has one',
    pending: (f) => f.secondFactorPending,
    route: 'home',
    refusal: 'UNAUTHENTICATED',
  },
  {
    id: 'newPassword',
    stage: 'account',
    summary: 'A new password, when it expired or an administrator asked for one',
    pending: (f) => f.requiresNewPassword,
    route: 'passwordExpired',
    refusal: 'PASSWORD_CHANGE_REQUIRED',
    waiver: 'allowPasswordChangeRequired',
  },
  {
    id: 'mfaSetUp',
    stage: 'account',
    summary: 'Setting up a second factor, when MFA is required and the person has none',
    pending: (f) => f.requiresTwoStep,
    route: 'twoStep',
    refusal: 'TWO_STEP_REQUIRED',
    waiver: 'allowTwoStepRequired',
  },
  {
    id: 'applicationPolicy',
    stage: 'application',
    summary: "Accepting the application's privacy policy (its current address)",
    pending: (f) => f.application?.requiresAppPolicyConsent ?? false,
    route: 'applicationPolicy',
  },
  {
    id: 'emailVerification',
    stage: 'application',
    summary: 'A verified email address, unless the application allows unverified access',
    pending: (f) => f.application?.requiresEmailVerification ?? false,
    route: 'emailVerificationRequired',
  },
] as const satisfies readonly SignInStep[];

export type SignInStepId = (typeof SIGN_IN_STEPS)[number]['id'];
export type SignInStage = SignInStep['stage'];

const STEPS: readonly SignInStep[] = SIGN_IN_STEPS;

/**
 * The first step still to do, among the stages given (all by default), skipping the waived ones; null
 * when none. An entry point that knows no application passes no `application` fact and skips nothing more.
 */
export function pendingStep(
  facts: SignInFacts,
  options: { stages?: readonly SignInStage[]; waived?: Partial<Record<StepWaiver, boolean>> } = {},
): SignInStep | null {
  for (const step of STEPS) {
    if (options.stages && !options.stages.includes(step.stage)) continue;
    if (step.waiver && options.waived?.[step.waiver]) continue;
    if (step.pending(facts)) return step;
  }
  return null;
}

/** The account stage's steps: the ones that hold every page and endpoint, not just an application. */
export const ACCOUNT_STEPS: readonly SignInStep[] = STEPS.filter((s) => s.stage === 'account');

/** The pages where an account step is walked: the guard lets a person reach them while any account step is pending. */
export const STEP_PAGES: ReadonlySet<RouteName> = new Set(ACCOUNT_STEPS.map((s) => s.route));

/** The account facts of an account as the API answers it (schemas/account.ts): what the SPA's guard knows. */
export const accountFacts = (account: { requiresNewPassword: boolean; requiresTwoStep: boolean } | null): SignInFacts => ({
  signedIn: account !== null,
  lockedOut: false,
  secondFactorPending: false,
  requiresNewPassword: account?.requiresNewPassword ?? false,
  requiresTwoStep: account?.requiresTwoStep ?? false,
});

/** The application facts of the answer of GET /api/clientauthsteps (schemas/applications.ts). */
export const applicationFacts = (steps: {
  policy: { requiresAppPolicyConsent: boolean };
  emailVerification: { requiresEmailVerification: boolean };
}): NonNullable<SignInFacts['application']> => ({
  requiresAppPolicyConsent: steps.policy.requiresAppPolicyConsent,
  requiresEmailVerification: steps.emailVerification.requiresEmailVerification,
});

/**
 * The first application step still to do, from the answer of GET /api/clientauthsteps, for a person the
 * guard already let through (no sign-in or account step pending): where /redirecting sends them.
 */
export const applicationStep = (steps: Parameters<typeof applicationFacts>[0]): SignInStep | null =>
  pendingStep({ ...accountFacts(null), signedIn: true, application: applicationFacts(steps) }, { stages: ['application'] });
