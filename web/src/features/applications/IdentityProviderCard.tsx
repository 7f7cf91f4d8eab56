import { SAML_APP_SCREEN_MESSAGES as S } from '@gatehouse/common/saml-apps';
import type { SamlApplication } from '@gatehouse/common/schemas/saml-apps';

import { Card } from '../../components/Card.tsx';
import { CodeFacts } from '../../components/CodeFacts.tsx';

/** What the service provider is given: the organisation's IdP metadata URL, entity ID, addresses and certificate, each to copy. */
export function IdentityProviderCard({ idp, id }: { idp: SamlApplication['identityProvider']; id?: string }) {
  return (
    <Card title={S.identityProvider} id={id}>
      <p className="field-hint">{S.identityProviderHint}</p>
      <CodeFacts
        className="idp-facts"
        facts={[
          [S.idpMetadataURL, idp.metadataURL],
          [S.idpEntityID, idp.entityID],
          [S.idpSsoURL, idp.ssoURL],
          [S.idpSloURL, idp.sloURL],
          [S.idpCertificate, idp.certificate],
        ]}
      />
    </Card>
  );
}
