/** Reading an IdP's metadata: what Gatehouse takes from it, and what it refuses. */
import { describe, expect, it } from 'vitest';

import { TestIdp } from '../testing/saml-idp.ts';
import { readIdpMetadata } from './saml.ts';

describe('readIdpMetadata', () => {
  it("takes the entity ID, the HTTP-Redirect sign-in URL and the signing certificates of the IdP's descriptor", async () => {
    const idp = await TestIdp.create();
    const read = readIdpMetadata(idp.metadata());
    expect(read).toMatchObject({ entityId: idp.entityId, ssoUrl: idp.ssoUrl });
    expect(read?.certificates).toHaveLength(1);
  });

  it('finds the IdP among several entities (an aggregate), leaving encryption keys and non-IdP entities out', async () => {
    const idp = await TestIdp.create();
    const single = idp.metadata().replace(/^<\?xml[^>]*>\s*/, '');
    const cert = readIdpMetadata(single)!.certificates[0]!;
    const aggregate = `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
      <md:EntityDescriptor entityID="https://sp.example.test"><md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/></md:EntityDescriptor>
      ${single.replace('<md:KeyDescriptor use="signing">', `<md:KeyDescriptor use="encryption"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIIBnotacert</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor><md:KeyDescriptor use="signing">`)}
    </md:EntitiesDescriptor>`;
    expect(readIdpMetadata(aggregate)).toEqual({ entityId: idp.entityId, ssoUrl: idp.ssoUrl, certificates: [cert] });
  });

  it('refuses what is not usable IdP metadata', async () => {
    const idp = await TestIdp.create();
    const metadata = idp.metadata();
    expect(readIdpMetadata('not xml <')).toBeNull();
    expect(readIdpMetadata('<x/>')).toBeNull();
    // No HTTP-Redirect sign-in address.
    expect(readIdpMetadata(metadata.replace(/<md:SingleSignOnService Binding="[^"]*HTTP-Redirect"[^>]*\/>/, ''))).toBeNull();
    // A sign-in address that is neither https nor localhost.
    expect(readIdpMetadata(metadata.replaceAll(idp.ssoUrl, 'http://idp.example.test/sso'))).toBeNull();
    // No signing certificate.
    expect(readIdpMetadata(metadata.replace(/<md:KeyDescriptor[\s\S]*?<\/md:KeyDescriptor>/, ''))).toBeNull();
  });
});
