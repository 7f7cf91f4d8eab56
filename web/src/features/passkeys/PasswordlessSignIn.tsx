import { passkeysApi } from '@gatehouse/common/api/passkeys';
import { MFA_MESSAGES as M } from '@gatehouse/common/mfa-messages';
import type { SignInResult } from '@gatehouse/common/schemas/account';
import type { PasswordlessSignInRequest } from '@gatehouse/common/schemas/passkeys';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { call } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';

/** The browser side of WebAuthn, loaded only on the sign-in pages of organisations that offer passkeys. */
const webauthn = () => import('@simplewebauthn/browser');

const refused = (error: unknown) => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** Options from the server, the browser's assertion (from a button or autofill), then the sign-in. */
async function passwordlessSignIn(autofill: boolean, returnUrl: string | undefined): Promise<SignInResult> {
  const { startAuthentication } = await webauthn();
  const optionsJSON = (await call(passkeysApi.passwordlessOptions)) as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'];
  const credential = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  // The library's JSON types lack the index signature of the contract's loose schema.
  return call(passkeysApi.passwordlessSignIn, {
    body: { credential: credential as unknown as PasswordlessSignInRequest['credential'], returnurl: returnUrl },
  });
}

/**
 * Passwordless sign-in where the organisation allows it: 'Sign in with a passkey', and the browser's
 * passkey autofill on the email field (conditional mediation, which needs the field's autocomplete to
 * end in `webauthn`; `autofill` is false when no such field is shown). The button's ceremony replaces
 * a pending autofill one; leaving the page cancels both.
 */
export function PasswordlessSignIn({
  autofill,
  returnUrl,
  onSignedIn,
  onProblem,
}: {
  autofill: boolean;
  returnUrl: string | undefined;
  onSignedIn: (result: SignInResult) => void;
  onProblem: (message: string | null) => void;
}) {
  // The latest callbacks, for an autofill ceremony that may end long after it began.
  const handlers = useRef({ onSignedIn, onProblem });
  useEffect(() => {
    handlers.current = { onSignedIn, onProblem };
  });

  useEffect(() => {
    if (!autofill) return;
    let live = true;
    void (async () => {
      const { browserSupportsWebAuthnAutofill } = await webauthn();
      if (!live || !(await browserSupportsWebAuthnAutofill())) return;
      try {
        const result = await passwordlessSignIn(true, returnUrl);
        if (live) handlers.current.onSignedIn(result);
      } catch (error) {
        // An autofill ceremony ends quietly when the user signs in another way or leaves.
        if (live && !refused(error)) handlers.current.onProblem(error instanceof Error ? error.message : M.passkeyInvalid);
      }
    })();
    return () => {
      live = false;
      void webauthn().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
    };
  }, [autofill, returnUrl]);

  const withPasskey = useMutation({
    mutationFn: async () => {
      const { browserSupportsWebAuthn } = await webauthn();
      if (!browserSupportsWebAuthn()) throw new Error(M.passwordlessUnsupported);
      return passwordlessSignIn(false, returnUrl);
    },
    onMutate: () => onProblem(null),
    onSuccess: onSignedIn,
    onError: (error) => onProblem(refused(error) ? M.passwordlessCancelled : error.message),
  });

  return (
    <div className="passwordless">
      <p className="divider" aria-hidden="true">
        <span>or</span>
      </p>
      <Button variant="secondary" busy={withPasskey.isPending} onClick={() => withPasskey.mutate()}>
        {M.signInWithPasskey}
      </Button>
    </div>
  );
}
