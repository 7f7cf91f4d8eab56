import { referenceApi } from '@gatehouse/common/api/reference';
import { APPLICATION_MESSAGES as A, OPENID_CONFIGURATION_PATH } from '@gatehouse/common/applications';
import { HELP_MESSAGES as M } from '@gatehouse/common/help-messages';
import { ROUTES } from '@gatehouse/common/routes';
import { Link } from 'react-router';

import { useOpenIdConfiguration } from '../../api/application-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { CodeFacts } from '../../components/CodeFacts.tsx';
import { Loader } from '../../components/Loader.tsx';
import { authorizationRequestExample, tokenRequestExample } from './oidc-example.ts';

/** OpenID Connect configuration help for Organisation Admins: issuer, discovery URL and a worked example. */
export function OidcHelp() {
  const config = useOpenIdConfiguration();
  if (config.isPending) return <Loader />;
  if (config.isError) return <Alert kind="error">{config.error.message}</Alert>;
  const { issuer, authorization_endpoint, token_endpoint } = config.data;
  return (
    <>
      <p>{M.oidcIntro}</p>
      <CodeFacts
        facts={[
          [A.issuer, issuer],
          [A.discoveryUrl, `${issuer}${OPENID_CONFIGURATION_PATH}`],
        ]}
      />
      <h3>{M.oidcExampleHeading}</h3>
      <ol>
        <li>
          <p>{M.oidcStep1}</p>
          <pre>
            <code>{authorizationRequestExample(authorization_endpoint)}</code>
          </pre>
        </li>
        <li>
          <p>{M.oidcStep2}</p>
          <pre>
            <code>{tokenRequestExample(token_endpoint)}</code>
          </pre>
        </li>
        <li>
          <p>{M.oidcStep3}</p>
        </li>
      </ol>
      <p>
        <Link to={ROUTES.applications.path}>{M.manageApplications}</Link>
      </p>
      <h3>{M.apiHeading}</h3>
      <p>{M.apiIntro}</p>
      <ul>
        <li>
          <Link to={ROUTES.apiReference.path}>{M.apiReference}</Link>
        </li>
        <li>
          <a href={referenceApi.openapi.path}>{M.apiDocument}</a>
        </li>
      </ul>
    </>
  );
}
