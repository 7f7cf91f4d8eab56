import { APPLICATION_MESSAGES as M, OPENID_CONFIGURATION_PATH } from '@gatehouse/common/applications';
import { useOpenIdConfiguration } from '../../api/queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';
import { Loader } from '../../components/Loader.tsx';

/** What a developer needs to connect an application: the issuer, discovery URL, client id and endpoints. */
export function OidcSettingsPanel({ clientId }: { clientId: string }) {
  const config = useOpenIdConfiguration();
  return (
    <Card title={M.oidcSettings}>
      {config.isPending ? (
        <Loader />
      ) : config.isError ? (
        <Alert kind="error">{config.error.message}</Alert>
      ) : (
        <dl className="facts oidc-settings">
          <dt>{M.issuer}</dt>
          <dd>
            <code>{config.data.issuer}</code>
          </dd>
          <dt>{M.discoveryUrl}</dt>
          <dd>
            <code>{`${config.data.issuer}${OPENID_CONFIGURATION_PATH}`}</code>
          </dd>
          <dt>{M.clientId}</dt>
          <dd>
            <code>{clientId}</code>
          </dd>
          <dt>{M.authorizationEndpoint}</dt>
          <dd>
            <code>{config.data.authorization_endpoint}</code>
          </dd>
          <dt>{M.tokenEndpoint}</dt>
          <dd>
            <code>{config.data.token_endpoint}</code>
          </dd>
          <dt>{M.userinfoEndpoint}</dt>
          <dd>
            <code>{config.data.userinfo_endpoint}</code>
          </dd>
          <dt>{M.jwksUri}</dt>
          <dd>
            <code>{config.data.jwks_uri}</code>
          </dd>
          <dt>{M.endSessionEndpoint}</dt>
          <dd>
            <code>{config.data.end_session_endpoint}</code>
          </dd>
          <dt>{M.revocationEndpoint}</dt>
          <dd>
            <code>{config.data.revocation_endpoint}</code>
          </dd>
          <dt>{M.introspectionEndpoint}</dt>
          <dd>
            <code>{config.data.introspection_endpoint}</code>
          </dd>
          <dt>{M.scopesSupported}</dt>
          <dd>
            <code>{config.data.scopes_supported.join(' ')}</code>
          </dd>
        </dl>
      )}
    </Card>
  );
}
