import { APPLICATION_MESSAGES as M, OPENID_CONFIGURATION_PATH } from '@gatehouse/common/applications';
import { useOpenIdConfiguration } from '../../api/application-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';
import { CodeFacts } from '../../components/CodeFacts.tsx';
import { Loader } from '../../components/Loader.tsx';
import './applications.css';

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
        <CodeFacts
          className="oidc-settings"
          facts={[
            [M.issuer, config.data.issuer],
            [M.discoveryUrl, `${config.data.issuer}${OPENID_CONFIGURATION_PATH}`],
            [M.clientId, clientId],
            [M.authorizationEndpoint, config.data.authorization_endpoint],
            [M.tokenEndpoint, config.data.token_endpoint],
            [M.userinfoEndpoint, config.data.userinfo_endpoint],
            [M.jwksUri, config.data.jwks_uri],
            [M.endSessionEndpoint, config.data.end_session_endpoint],
            [M.revocationEndpoint, config.data.revocation_endpoint],
            [M.introspectionEndpoint, config.data.introspection_endpoint],
            [M.scopesSupported, config.data.scopes_supported.join(' ')],
          ]}
        />
      )}
    </Card>
  );
}
