import { MFA_MESSAGES as M } from '@gatehouse/common/mfa-messages';
import { ROUTES } from '@gatehouse/common/routes';
import { useState } from 'react';
import { Link } from 'react-router';

import { pendingRedirectURL } from '../client-sign-in/redirect-url.ts';

/** Saves the codes as a text file named after this organisation's host. */
function download(codes: readonly string[]): void {
  const host = window.location.hostname;
  const url = URL.createObjectURL(new Blob([M.recoveryCodesFile(host, codes)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${host}-recovery-codes.txt`;
  link.click();
  URL.revokeObjectURL(url);
}

/** Shown once, right after MFA is turned on: the recovery codes, and Continue to the application being signed in to, or the dashboard. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <h2>{M.recoveryCodesHeading}</h2>
      <p>{M.recoveryCodesIntro}</p>
      <ol className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="button-row recovery-code-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(codes.join('\n')).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {M.copyCodes}
        </button>
        <button type="button" className="button button-secondary" onClick={() => download(codes)}>
          {M.downloadCodes}
        </button>
        <span role="status">{copied ? M.codesCopied : ''}</span>
      </div>
      <Link className="button button-primary" to={pendingRedirectURL() ? ROUTES.redirecting.path : ROUTES.dashboard.path} replace>
        {M.continue}
      </Link>
    </>
  );
}
