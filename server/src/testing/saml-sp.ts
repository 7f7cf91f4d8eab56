/** What a test playing a SAML service provider reads of Gatehouse's pages. */

/** The fields of the auto-posting form page Gatehouse answered (a Response, LogoutRequest or LogoutResponse), with where it posts. */
export function postedForm(body: string) {
  const value = (name: string) =>
    new RegExp(`name="${name}" value="([^"]*)"`)
      .exec(body)?.[1]
      ?.replace(/&#39;|&quot;|&amp;/g, (e) => ({ '&#39;': "'", '&quot;': '"', '&amp;': '&' })[e]!);
  return {
    action: /action="([^"]*)"/.exec(body)?.[1],
    SAMLRequest: value('SAMLRequest'),
    SAMLResponse: value('SAMLResponse'),
    RelayState: value('RelayState'),
  };
}

/** The IdP's signing certificate as PEM, read from its metadata (the first: the one that signs now). */
export function idpCertificateOf(metadata: string): string {
  const b64 = /<ds:X509Certificate>([^<]+)</.exec(metadata)![1]!;
  return `-----BEGIN CERTIFICATE-----\n${b64.replace(/(.{64})/g, '$1\n').trim()}\n-----END CERTIFICATE-----\n`;
}
