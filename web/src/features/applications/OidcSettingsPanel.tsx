import { APPLICATION_MESSAGES as M, OPENID_CONFIGURATION_PATH } from '@gatehouse/common/applications';
import type { Application } from '@gatehouse/common/schemas/applications';

import { useOpenIdConfiguration } from '../../api/application-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';
import { CodeFacts } from '../../components/CodeFacts.tsx';
import { Loader } from '../../components/Loader.tsx';

import './applications.css';

/** What a developer needs to connect an application: the issuer, discovery URL, client id, endpoints and how it authenticates. */
export function OidcSettingsPanel({
  app,
  id,
}: {
  app: Pick<Application, 'id' | 'clientType' | 'tokenEndpointAuthMethod'>;
  /** The card's id, for an in-page link to it. */
  id?: string;
}) {
  const config = useOpenIdConfiguration();
  return (
    <Card title={M.oidcSettings} id={id}>
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
            [M.clientId, app.id],
            [M.registeredAuthMethod, app.clientType === 'public' || app.clientType === 'device' ? 'none' : app.tokenEndpointAuthMethod],
            [M.authorizationEndpoint, config.data.authorization_endpoint],
            ...(config.data.pushed_authorization_request_endpoint
              ? [[M.parEndpoint, config.data.pushed_authorization_request_endpoint] as [string, string]]
              : []),
            ...(app.clientType === 'device' && config.data.device_authorization_endpoint
              ? [
                  [M.deviceAuthorizationEndpoint, config.data.device_authorization_endpoint] as [string, string],
                  [M.deviceVerificationUri, `${config.data.issuer}/oidc/device`] as [string, string],
                ]
              : []),
            [M.tokenEndpoint, config.data.token_endpoint],
            [M.userinfoEndpoint, config.data.userinfo_endpoint],
            [M.jwksUri, config.data.jwks_uri],
            [M.endSessionEndpoint, config.data.end_session_endpoint],
            [M.revocationEndpoint, config.data.revocation_endpoint],
            [M.introspectionEndpoint, config.data.introspection_endpoint],
            [M.scopesSupported, config.data.scopes_supported.join(' ')],
            [M.authSigningAlgs, (config.data.token_endpoint_auth_signing_alg_values_supported ?? []).join(' ')],
          ]}
        />
      )}
    </Card>
  );
}
