import { Link } from 'react-router';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import { pendingRedirectURL } from '../client-sign-in/redirect-url.ts';

/** Shown once, right after MFA is turned on: the recovery codes, and Continue to the application being signed in to, or the dashboard. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  return (
    <>
      <h2>{MFA_MESSAGES.recoveryCodesHeading}</h2>
      <p>{MFA_MESSAGES.recoveryCodesIntro}</p>
      <ol className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Link className="button button-primary" to={pendingRedirectURL() ? '/redirecting' : '/dashboard'} replace>
        {MFA_MESSAGES.continue}
      </Link>
    </>
  );
}
