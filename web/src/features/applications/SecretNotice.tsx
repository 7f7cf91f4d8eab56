import { useState } from 'react';
import { APPLICATION_MESSAGES as M } from '@gatehouse/common/applications';
import { Alert } from '../../components/Alert.tsx';
import './applications.css';

/** The one-time showing of a client secret, with the client id it belongs to. */
export function SecretNotice({
  clientId,
  secret,
  secretLabel = M.clientSecret,
}: {
  clientId: string;
  secret: string;
  secretLabel?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="secret-notice">
      <Alert kind="info">{M.secretNotice}</Alert>
      <dl className="facts">
        <dt>{M.clientId}</dt>
        <dd>
          <code>{clientId}</code>
        </dd>
        <dt>{secretLabel}</dt>
        <dd>
          <code className="secret">{secret}</code>{' '}
          <button
            type="button"
            className="button button-link"
            onClick={() =>
              void navigator.clipboard?.writeText(secret).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        </dd>
      </dl>
    </div>
  );
}
