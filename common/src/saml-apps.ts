/** SAML applications (Gatehouse as the identity provider): limits, formats, addresses and their texts. */

export const SAML_BINDINGS = {
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
} as const;

/** The NameID formats an application may ask for; `persistent` is stable and different per application. */
export const NAME_ID_FORMATS = {
  email: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  persistent: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  transient: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
  unspecified: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
} as const;
export type NameIdFormat = keyof typeof NAME_ID_FORMATS;
export const NAME_ID_FORMAT_KEYS = Object.keys(NAME_ID_FORMATS) as [NameIdFormat, ...NameIdFormat[]];

/** What the assertion's attributes may carry, each under the attribute name the application expects. */
export const SAML_ATTRIBUTE_SOURCES = ['email', 'givenName', 'surname', 'displayName'] as const;
export type SamlAttributeSource = (typeof SAML_ATTRIBUTE_SOURCES)[number];

/** What Gatehouse signs in its answers: the assertion, the Response, or both. */
export const SAML_SIGNING = ['assertion', 'response', 'both'] as const;
export type SamlSigning = (typeof SAML_SIGNING)[number];

export const AUTHN_CONTEXTS = {
  password: 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
  /** A second factor was used (the REFEDS MFA profile's class). */
  mfa: 'https://refeds.org/profile/mfa',
} as const;

export const SAML_APP_LIMITS = {
  entityIdMax: 1024,
  urlMax: 2048,
  acsMax: 20,
  /** PEM or base64 DER. */
  certificateMax: 8192,
  metadataMax: 256 * 1024,
  attributeNameMax: 256,
  /** A SAMLRequest as sent (base64), and inflated. */
  requestEncodedMax: 32 * 1024,
  requestXmlMax: 64 * 1024,
  /** The bindings say 80 bytes; some service providers send more, so a little more is taken. */
  relayStateMax: 800,
  /** How long a sign-in started by an application may take, and an AuthnRequest ID is remembered. */
  flowMinutes: 10,
  /** How long an assertion is valid. */
  assertionMinutes: 5,
  clockSkewMs: 60_000,
} as const;

/** The organisation's IdP addresses (one set per organisation; applications are told apart by their entity ID). */
export const SAML_IDP_PATHS = {
  metadata: '/saml-idp/metadata',
  sso: '/saml-idp/sso',
  slo: '/saml-idp/slo',
  /** Where a browser that signed out of Gatehouse goes to tell its SAML applications (then to the sign-in page). */
  logout: '/saml-idp/logout',
  /** A sign-in started from Gatehouse (the application's tile): /saml-idp/start/{application id}. */
  start: '/saml-idp/start',
  /** Where the browser comes back once signed in: /saml-idp/continue/{flow}. */
  continue: '/saml-idp/continue',
} as const;

export const SAML_APP_MESSAGES = {
  entityIdTaken: 'Another application of this organisation already has this entity ID',
  acsRequired: 'Please add at least one assertion consumer service URL',
  acsUrl: 'Please enter an https address (http only for localhost)',
  certificate: 'Please paste a valid X.509 certificate (PEM or base64)',
  signingCertificateRequired: 'Please paste the signing certificate to check signed requests with',
  encryptionCertificateRequired: 'Please paste the encryption certificate to encrypt assertions to',
  metadataUnreadable: 'This is not SAML service provider metadata we can read',
  metadataOneOf: 'Please give the metadata address or paste the metadata, not both',
  notSaml: 'This application is not a SAML application',
} as const;

/** The texts of the pages a browser may land on during a SAML sign-in. */
export const SAML_PAGE_MESSAGES = {
  invalidRequestTitle: 'This sign-in request cannot be used',
  invalidRequest: 'The application sent a sign-in request Gatehouse cannot accept. Please go back to the application and try again.',
  expiredTitle: 'This sign-in has expired',
  expired: 'Please go back to the application and sign in again.',
} as const;

/** The texts of the SAML application screens (Applications, Add a SAML application, a SAML application's page). */
export const SAML_APP_SCREEN_MESSAGES = {
  kind: 'SAML 2.0 application',
  addSaml: 'Add a SAML application',
  addSamlInstead: 'Does the application speak SAML 2.0? Add a SAML application instead.',
  preset: 'Service provider',
  presetHint: 'A well-known service provider fills in the NameID format, the attributes and what is signed.',
  presetNone: 'Another service provider',
  presetApply: 'Fill in from a service provider',
  presetApplied: (label: string) => `The NameID format, attributes and signing ${label} expects are filled in. Save to keep them.`,
  source: 'Service provider settings',
  sources: {
    metadataURL: 'From its metadata address',
    metadataXML: 'From its metadata, pasted',
    byHand: 'By hand',
  },
  metadataURL: 'Metadata URL',
  metadataURLHint: 'Gatehouse fetches the service provider metadata from this https address once, now.',
  metadataXML: 'Metadata XML',
  metadataXMLHint: 'Paste the service provider metadata (an EntityDescriptor with an SPSSODescriptor).',
  serviceProvider: 'Service provider',
  entityID: 'Entity ID',
  entityIDHint: 'The Issuer of its requests and the Audience of the assertions.',
  acsList: 'Assertion consumer service URLs',
  acsHint: 'Gatehouse posts the assertion only to these addresses (HTTP-POST).',
  acsUrl: (n: number) => `ACS URL ${n}`,
  acsBinding: (n: number) => `Binding of ACS URL ${n}`,
  acsIndex: (n: number) => `Index of ACS URL ${n}`,
  acsDefault: (n: number) => `ACS URL ${n} is the default`,
  acsAdd: 'Add an ACS URL',
  acsRemove: (n: number) => `Remove ACS URL ${n}`,
  bindings: { post: 'HTTP-POST', redirect: 'HTTP-Redirect' },
  singleLogoutURL: 'Single logout URL',
  signingCertificate: 'Signing certificate of the service provider',
  signingCertificateHint: 'PEM or base64; checks the signature of its requests.',
  requireSignedRequests: 'Signed AuthnRequests required',
  encryptionCertificate: 'Encryption certificate of the service provider',
  encryptionCertificateHint: 'PEM or base64; the assertion is encrypted to it when encryption is on.',
  encryptAssertions: 'Encrypt assertions',
  assertion: 'Assertion',
  signing: 'What Gatehouse signs',
  signings: { assertion: 'The assertion', response: 'The Response', both: 'The assertion and the Response' },
  nameIDFormat: 'NameID format',
  nameIDFromMetadata: 'As the metadata asks (email when it does not say)',
  nameIDFormats: {
    email: 'Email address',
    persistent: 'Persistent (stable, different per application)',
    transient: 'Transient (new at every sign-in)',
    unspecified: 'Unspecified (the email address)',
  },
  attributes: 'Attributes',
  attributesHint: 'The attribute name the service provider reads each value under; a value with no name is not sent.',
  attributeSources: { email: 'Email', givenName: 'First name', surname: 'Surname', displayName: 'Display name' },
  identityProvider: 'Give this to the service provider',
  identityProviderHint: 'Or give it the metadata URL, which carries all of it and the next certificate before a key rotation.',
  idpMetadataURL: 'IdP metadata URL',
  idpEntityID: 'IdP entity ID',
  idpSsoURL: 'Single sign-on URL',
  idpSloURL: 'Single logout URL (IdP)',
  idpCertificate: 'Signing certificate',
  created: 'SAML application added',
  sections: {
    label: 'SAML application sections',
    settings: 'Settings',
    serviceProvider: 'Service provider',
    assertion: 'Assertion',
    identityProvider: 'Identity provider',
  },
} as const;
