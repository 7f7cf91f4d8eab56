import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { clientIdOfRedirectUrl } from '@gatehouse/common/client-sign-in';
import { CONNECTION_MESSAGES } from '@gatehouse/common/connection-messages';
import { SECOND_STEP_PARAMETER } from '@gatehouse/common/connections';
import { maskEmail } from '@gatehouse/common/format';
import { MESSAGES } from '@gatehouse/common/messages';
import { NOT_SENT_PARAMETER, ROUTES } from '@gatehouse/common/routes';
import type { Account, SignInResult } from '@gatehouse/common/schemas/account';
import type { signInRequest } from '@gatehouse/common/schemas/auth';
import type { SignInChallenge } from '@gatehouse/common/schemas/mfa';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import { hasSignInChallengeShape, isSignInChallenge } from '@gatehouse/common/sign-in-challenge';
import { accountFacts, pendingStep } from '@gatehouse/common/sign-in-steps';
import { USER_MESSAGES } from '@gatehouse/common/user-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BaseSyntheticEvent, lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';

import { call, isApiError } from '../../api/client.ts';
import { firstLoadApi } from '../../api/first-load.ts';
import { queryKeys, useRememberedEmail } from '../../api/queries.ts';
import { useSignInConnections } from '../../api/sign-in-connections.ts';
import { useAppSession } from '../../app/app-session.ts';
import { SIGN_IN_CHALLENGE_KEY } from '../../app/first-paint.ts';
import { emailFrom, type NavigationState, referrerFrom, successMessageFrom } from '../../app/navigation-state.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { TextField } from '../../components/TextField.tsx';
import { rememberRedirectURL } from '../../features/client-sign-in/redirect-url.ts';
import {
  ConnectionButtons,
  ConnectionRefusalMessage,
  connectionStartUrl,
  HomeRealm,
  homeRealmOf,
} from '../../features/connections/ConnectionSignIn.tsx';
import { lazyZodResolver } from '../../features/forms/lazy-resolver.ts';
import { guardedHandleSubmit, NOT_SENT, useServerErrors, useSubmitGuard } from '../../features/forms/use-server-form.ts';
import { useProofOfWork } from '../../features/proof-of-work/use-proof-of-work.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

type SignInInput = z.input<typeof signInRequest>;
const FIELDS = ['email', 'password'] as const;

// What a signed-out visitor of an organisation sees first is the email and password form: the rest of this
// page (the base host's organisation finder, the code step, passwordless sign-in) and the form's schema load
// when needed, not with the first load.
const signInResolver = lazyZodResolver(async () => (await import('@gatehouse/common/schemas/auth')).signInRequest);
const loadCodeStep = async () => ({ default: (await import('../../features/two-step/SignInCodeStep.tsx')).SignInCodeStep });
const SignInCodeStep = lazy(loadCodeStep);
const loadOrganisationSignIn = async () => ({
  default: (await import('../../features/base-signup/OrganisationSignIn.tsx')).OrganisationSignIn,
});
const OrganisationSignIn = lazy(loadOrganisationSignIn);
const loadPasswordlessSignIn = async () => ({
  default: (await import('../../features/passkeys/PasswordlessSignIn.tsx')).PasswordlessSignIn,
});
const PasswordlessSignIn = lazy(loadPasswordlessSignIn);

/**
 * Loads the parts of this page that the server rendered for the organisation and that load lazily, so
 * that the page the browser painted comes alive all at once when it is hydrated (main.tsx), not with
 * its form waiting for its code after the rest. A failure shows when the part renders.
 */
export function preloadServedSignInPage(org: Pick<PublicOrganisation, 'isBase' | 'allowPasswordless'>): Promise<unknown> {
  const parts = org.isBase ? [loadOrganisationSignIn()] : org.allowPasswordless ? [loadPasswordlessSignIn()] : [];
  return Promise.all(parts).catch(() => undefined);
}

/** Where a signed-in user goes from the sign-in page (spec section 2, "Redirect after sign-in"). */
export function destinationAfterSignIn(
  result: Pick<SignInResult, 'orgRedirectURL' | 'redirectURL'> & { user: Pick<Account, 'requiresNewPassword' | 'requiresTwoStep'> },
  referrer: string | null,
): { external: string } | { internal: string } {
  if (result.orgRedirectURL) return { external: result.orgRedirectURL };
  // With an account step of the sign-in step list pending, the guard sends the user to it first.
  if (result.redirectURL && !pendingStep(accountFacts(result.user), { stages: ['account'] })) return { internal: ROUTES.redirecting.path };
  return { internal: referrer ?? ROUTES.dashboard.path };
}

export function SignInPage() {
  const { org, user } = useAppSession();
  usePageTitle(MESSAGES.signInTitle);
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const returnUrl = searchParams.get('returnurl');
  // A page of this site to return to: from the page that sent the user here, or a local returnurl
  // (an application's redirect URL is the other kind of returnurl, handled below and by the server).
  const referrer = referrerFrom(location.state) ?? (clientIdOfRedirectUrl(returnUrl) ? null : referrerFrom({ referrer: returnUrl }));
  if (org.isBase)
    return (
      <Suspense fallback={<Loader />}>
        <OrganisationSignIn baseHostname={org.baseHostname} />
      </Suspense>
    );
  // The application asks for a fresh sign-in: the current one stays until the new one succeeds.
  if (user && clientIdOfRedirectUrl(returnUrl) && searchParams.get('prompt') === 'login')
    return <SignInForm org={org} referrer={referrer} success={null} notice={MESSAGES.signInAgain} />;
  // The application asks for more than the session holds (a step-up): the code step for the missing
  // factor, for the signed-in person (server oidc/step-up.ts).
  // (Once shown, the step is kept for this tab and the address loses the id.)
  if (user && clientIdOfRedirectUrl(returnUrl) && (searchParams.has(SECOND_STEP_PARAMETER) || storedChallenge() !== null))
    return <SignInForm org={org} referrer={referrer} success={null} />;
  // Already signed in while an application waits: continue its sign-in.
  if (user && clientIdOfRedirectUrl(returnUrl))
    return <Navigate to={`${ROUTES.redirecting.path}?redirecturl=${encodeURIComponent(returnUrl!)}`} replace />;
  if (user) return <Navigate to={referrer ?? ROUTES.dashboard.path} replace />;
  return (
    <SignInForm
      org={org}
      referrer={referrer}
      success={successMessageFrom(location.state)}
      recoveredEmail={emailFrom(location.state)}
      notice={searchParams.has(NOT_SENT_PARAMETER) ? ACCOUNT_MESSAGES.signInNotSent : undefined}
    />
  );
}

/**
 * The code step this tab was at, if any. Only its state id is kept, which is worthless without the
 * browser's sign-in cookie; the server ends the step when it expires (the form then starts again).
 */
function storedChallenge(): SignInChallenge | null {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(SIGN_IN_CHALLENGE_KEY) ?? 'null');
    return hasSignInChallengeShape(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** What a finished sign-in does: stores the user, keeps the application's redirect URL, and goes where the spec says. */
function useFinishSignIn(referrer: string | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (result: SignInResult) => {
    queryClient.setQueryData(queryKeys.account, result.user);
    void queryClient.invalidateQueries({ queryKey: queryKeys.rememberMe });
    rememberRedirectURL(result.redirectURL);
    const destination = destinationAfterSignIn(result, referrer);
    if ('external' in destination) window.location.assign(destination.external);
    else void navigate(destination.internal, { replace: true });
  };
}

function SignInForm({
  org,
  referrer,
  success,
  notice,
  recoveredEmail = null,
}: {
  org: PublicOrganisation;
  referrer: string | null;
  success: string | null;
  notice?: string;
  /** The email of the account just recovered, to sign in with its new password. */
  recoveredEmail?: string | null;
}) {
  const queryClient = useQueryClient();
  const finishSignIn = useFinishSignIn(referrer);
  // Kept for this tab, so that a reload at the code step (in an application's sign-in too) resumes it.
  const [challenge, setChallengeState] = useState<SignInChallenge | null>(storedChallenge);
  const setChallenge = (next: SignInChallenge | null) => {
    if (next) window.sessionStorage.setItem(SIGN_IN_CHALLENGE_KEY, JSON.stringify(next));
    else window.sessionStorage.removeItem(SIGN_IN_CHALLENGE_KEY);
    setChallengeState(next);
  };
  const [searchParams, setSearchParams] = useSearchParams();
  const returnUrl = searchParams.get('returnurl') ?? undefined;
  // An application's login_hint (passed on by the authorization endpoint) prefills the email; it names
  // the account the application expects, so it goes before a remembered email.
  const loginHint = returnUrl ? (searchParams.get('login_hint') ?? '') : (recoveredEmail ?? '');
  const form = useForm<SignInInput>({ resolver: signInResolver, defaultValues: { email: loginHint, password: '' } });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const remembered = useRememberedEmail();
  const connections = useSignInConnections(!org.isBase).data?.connections ?? [];
  // Where an upstream sign-in continues: the application's sign-in, or the page that sent the user here.
  const connectionReturn = returnUrl ?? referrer;
  const typedEmail = useWatch({ control: form.control, name: 'email' });
  // An email typed before the remembered one arrived wins: the user's own input is never replaced.
  const [typedFirst, setTypedFirst] = useState(false);
  const rememberedEmail = typedFirst || loginHint ? null : (remembered.data ?? null);
  const settled = useRef(false);
  const proofOfWork = useProofOfWork('signIn');
  const forgetMe = useMutation({
    mutationFn: () => call(firstLoadApi.forgetEmail),
    onSettled: () => {
      form.setValue('email', '');
      void queryClient.invalidateQueries({ queryKey: queryKeys.rememberMe });
    },
  });
  const signIn = useMutation({
    mutationFn: (values: SignInInput) => {
      // The code step's chunk loads while the password is checked, for the users who have one.
      void loadCodeStep().catch(() => undefined);
      return call(firstLoadApi.authenticate, { body: { ...values, returnurl: returnUrl, altcha: proofOfWork.take() } });
    },
    onSuccess: (answer) => {
      // A user with a second step gives the code next; the password is not kept.
      form.resetField('password');
      if (isSignInChallenge(answer)) setChallenge(answer);
      else finishSignIn(answer);
    },
    onError: (error) => {
      // Asked for a challenge first: the password was not checked, so it stays typed for the next try.
      if (!proofOfWork.isChallengeError(error)) form.resetField('password', { keepError: false });
      proofOfWork.settle(error);
      // The spec's clearRememberMe error: the remembered email is no good any more.
      if (isApiError(error) && error.body?.validation.errors.clearRememberMe) forgetMe.mutate();
      applyServerError(error);
    },
  });
  // Home-realm discovery: an email of a connection's domains goes to its provider; the password only
  // after "Use my password instead", where the connection allows it (the server refuses it otherwise).
  const signInEmail = rememberedEmail ?? typedEmail;
  const homeRealm = homeRealmOf(connections, signInEmail);
  const [passwordInstead, setPasswordInstead] = useState(false);
  const toProvider = homeRealm !== undefined && !(passwordInstead && homeRealm.allowPassword);
  const submit = useSubmitGuard((event?: BaseSyntheticEvent) => {
    if (toProvider) {
      window.location.assign(connectionStartUrl(homeRealm.id, connectionReturn, signInEmail.trim()));
      return Promise.resolve();
    }
    return (
      guardedHandleSubmit(form, (values) => {
        setFormError(null);
        signIn.mutate(values);
      })(event)
        // The form's schema is fetched on first use (lazy-resolver.ts): without a connection it cannot load.
        .catch(() => {
          setFormError(MESSAGES.networkError);
          return NOT_SENT;
        })
    );
  });
  const { errors } = form.formState;

  // Back from a sign-in connection whose provider's MFA does not stand for the person's second step: the
  // code step of this browser's sign-in (server/src/connections/sign-in.ts). Once shown, it is kept like
  // any code step and the address loses the id.
  const upstreamStep = searchParams.get(SECOND_STEP_PARAMETER);
  useEffect(() => {
    if (!upstreamStep) return;
    let current = true;
    void loadCodeStep().catch(() => undefined);
    call(firstLoadApi.signInStep, { query: { signInStateID: upstreamStep } })
      .then((step) => current && setChallenge(step))
      .catch((error: unknown) => current && setFormError(isApiError(error) ? error.message : MESSAGES.networkError))
      .finally(() => {
        if (!current) return;
        setSearchParams(
          (params) => {
            params.delete(SECOND_STEP_PARAMETER);
            return params;
          },
          { replace: true },
        );
      });
    return () => {
      current = false;
    };
    // Only the id in the address starts this; the setters are stable in what they do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [upstreamStep]);

  // With a remembered email the email field is hidden: the form signs in as that address. This runs once,
  // when the remembered email arrives, and leaves alone a form the user has already started on: focus
  // moved under their typing would send the rest of it into another field.
  useLayoutEffect(() => {
    if (remembered.isPending || settled.current) return;
    settled.current = true;
    if (rememberedEmail) form.setValue('email', rememberedEmail);
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    form.setFocus(rememberedEmail || loginHint ? 'password' : 'email');
  }, [form, remembered.isPending, rememberedEmail, loginHint]);

  if (challenge) {
    return (
      <Card className="auth-card">
        <Suspense fallback={<Loader />}>
          <SignInCodeStep
            // Another method is a new step: the old code's error and value do not carry over.
            key={JSON.stringify(challenge.data)}
            challenge={challenge}
            returnUrl={returnUrl}
            onSignedIn={(result) => {
              setChallenge(null);
              finishSignIn(result);
            }}
            onRestart={(message) => {
              setChallenge(null);
              setFormError(message);
            }}
            onChallenge={setChallenge}
          />
        </Suspense>
      </Card>
    );
  }

  return (
    <Card className="auth-card">
      <h1>{MESSAGES.signInHeader}</h1>
      {success && <Alert kind="success">{success}</Alert>}
      {notice && <Alert kind="info">{notice}</Alert>}
      {formError && (
        <Alert kind="error" scrollIntoView>
          {formError}
        </Alert>
      )}
      <ConnectionRefusalMessage searchParams={searchParams} />
      <HomeRealm match={toProvider ? homeRealm : undefined} email={signInEmail} returnUrl={connectionReturn} />
      <Form onSubmit={submit} onInput={signInResolver.preload}>
        {rememberedEmail ? (
          <RememberedEmail email={rememberedEmail} onForget={() => forgetMe.mutate()} forgetting={forgetMe.isPending} />
        ) : (
          <TextField
            label={USER_MESSAGES.email}
            type="email"
            // Passkey autofill (conditional mediation) offers the organisation's passkeys here.
            autoComplete={org.allowPasswordless ? 'username webauthn' : 'username'}
            // Shown again after 'Forget me': the user types their email next.
            autoFocus={!forgetMe.isIdle}
            error={errors.email?.message}
            {...form.register('email', { onChange: () => remembered.isPending && setTypedFirst(true) })}
          />
        )}
        {toProvider ? (
          homeRealm.allowPassword && (
            <Button variant="link" onClick={() => setPasswordInstead(true)}>
              {CONNECTION_MESSAGES.usePassword}
            </Button>
          )
        ) : (
          <>
            <PasswordField
              label={USER_MESSAGES.passwordLabel}
              autoComplete="current-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            {proofOfWork.slot}
            <Button type="submit" busy={signIn.isPending}>
              {MESSAGES.signInButton}
            </Button>
          </>
        )}
      </Form>
      <ConnectionButtons connections={connections} returnUrl={connectionReturn} />
      {org.allowPasswordless && (
        <Suspense fallback={null}>
          <PasswordlessSignIn
            autofill={!rememberedEmail && !remembered.isPending}
            returnUrl={returnUrl}
            onSignedIn={finishSignIn}
            onProblem={setFormError}
          />
        </Suspense>
      )}
      <p className="auth-links">
        <Link to={ROUTES.recovery.path} state={{ type: 'recovery' } satisfies NavigationState}>
          {MESSAGES.forgotPassword}
        </Link>
        {!org.preventSelfSignUp && !rememberedEmail && <Link to={ROUTES.signup.path}>{MESSAGES.createAccount}</Link>}
      </p>
    </Card>
  );
}

/** The remembered email, masked unless the user asks to see it, with 'Forget me'. */
function RememberedEmail({ email, onForget, forgetting }: { email: string; onForget: () => void; forgetting: boolean }) {
  const [revealed, setRevealed] = useState(false);
  return (
    <div className="remembered-email">
      <p>
        {ACCOUNT_MESSAGES.rememberedEmail} <strong>{revealed ? email : maskEmail(email)}</strong>
      </p>
      <div className="button-row">
        <Button variant="link" onClick={() => setRevealed((r) => !r)}>
          {revealed ? ACCOUNT_MESSAGES.hideEmail : ACCOUNT_MESSAGES.showEmail}
        </Button>
        <Button variant="link" onClick={onForget} busy={forgetting}>
          {MESSAGES.forgetMe}
        </Button>
      </div>
    </div>
  );
}
