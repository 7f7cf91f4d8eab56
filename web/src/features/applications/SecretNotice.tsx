import { APPLICATION_MESSAGES as M } from '@gatehouse/common/applications';

import { Alert } from '../../components/Alert.tsx';
import { CopyField } from '../../components/CopyField.tsx';

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
  return (
    <div className="secret-notice">
      <Alert kind="info">{M.secretNotice}</Alert>
      <dl className="facts">
        <dt>{M.clientId}</dt>
        <dd>
          <CopyField value={clientId} name={M.clientId} />
        </dd>
        <dt>{secretLabel}</dt>
        <dd>
          <CopyField value={secret} name={secretLabel} className="secret" />
        </dd>
      </dl>
    </div>
  );
}
