/**
 * The sign-in page's part for sign-in connections: "Continue with <name>" for each connection the
 * organisation shows, home-realm discovery (an email whose domain a connection serves goes to that
 * provider; "Use my password instead" only where the connection allows it), and the sentence of a refused
 * upstream sign-in with its reference (the correlation id). The links are plain navigations: the server
 * sends the browser to the provider (server/src/connections/sign-in.ts).
 */
import { CONNECTION_MESSAGES as M } from '@gatehouse/common/connection-messages';
import {
  CONNECTION_ERROR_PARAMETER,
  CONNECTION_REFUSALS,
  connectionForEmail,
  type ConnectionRefusal,
  connectionStartPath,
  CORRELATION_PARAMETER,
} from '@gatehouse/common/connections';
import type { SignInConnections } from '@gatehouse/common/schemas/connections';

import { Alert } from '../../components/Alert.tsx';

type Listed = SignInConnections['connections'][number];

export function connectionStartUrl(id: string, returnUrl: string | null | undefined, loginHint?: string): string {
  const query = new URLSearchParams({ ...(returnUrl ? { returnurl: returnUrl } : {}), ...(loginHint ? { login_hint: loginHint } : {}) });
  const search = query.toString();
  return `${connectionStartPath(id)}${search ? `?${search}` : ''}`;
}

/** The refused upstream sign-in the page was sent back with, as a sentence and its reference. */
export function ConnectionRefusalMessage({ searchParams }: { searchParams: URLSearchParams }) {
  const reason = searchParams.get(CONNECTION_ERROR_PARAMETER);
  if (!reason || !(CONNECTION_REFUSALS as readonly string[]).includes(reason)) return null;
  const reference = searchParams.get(CORRELATION_PARAMETER);
  return (
    <Alert kind="error">
      <p>{M.refusals[reason as ConnectionRefusal]}</p>
      {reference && /^[\w-]{1,64}$/.test(reference) && <p className="field-hint">{M.reference(reference)}</p>}
    </Alert>
  );
}

/** The connection that serves the typed email's domain (home-realm discovery), if any. */
export const homeRealmOf = (connections: readonly Listed[], email: string): Listed | undefined => connectionForEmail(connections, email);

/** The provider that serves the typed email's domain, offered instead of the password (which stays only where allowed). */
export function HomeRealm({ match, email, returnUrl }: { match: Listed | undefined; email: string; returnUrl: string | null }) {
  if (!match) return null;
  return (
    <div className="alert alert-info home-realm" role="status">
      <p>{M.homeRealm(match.name)}</p>
      <a className="button button-primary" href={connectionStartUrl(match.id, returnUrl, email.trim())}>
        {M.continueWith(match.name)}
      </a>
    </div>
  );
}

/** "Continue with <name>" for every connection the organisation shows on its sign-in page. */
export function ConnectionButtons({ connections, returnUrl }: { connections: readonly Listed[]; returnUrl: string | null }) {
  const shown = connections.filter((c) => c.showButton);
  if (shown.length === 0) return null;
  return (
    <div className="connection-buttons">
      <p className="divider">
        <span>{M.orDivider}</span>
      </p>
      {shown.map((connection) => (
        <a key={connection.id} className="button button-secondary" href={connectionStartUrl(connection.id, returnUrl)}>
          {M.continueWith(connection.name)}
        </a>
      ))}
    </div>
  );
}
