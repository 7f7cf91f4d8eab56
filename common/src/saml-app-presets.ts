/**
 * Presets of SAML applications: what each well-known service provider expects of the assertion (its
 * NameID format, the attribute names it reads, what must be signed) and where its entity ID and ACS URL
 * are to be found. Shared by the API (`preset` when creating) and the Add a SAML application screen; each
 * has a page in docs/saml-apps/ saying what to paste on the other side.
 */
import type { NameIdFormat, SamlAttributeSource, SamlSigning } from './saml-apps.ts';

export const SAML_APP_PRESET_IDS = ['aws', 'salesforce', 'slack', 'github', 'atlassian', 'google'] as const;
export type SamlAppPresetId = (typeof SAML_APP_PRESET_IDS)[number];

export interface SamlAppPreset {
  label: string;
  nameIDFormat: NameIdFormat;
  attributes: Partial<Record<SamlAttributeSource, string>>;
  signing: SamlSigning;
  /** The service provider's entity ID when it is the same for every customer. */
  entityID?: string;
  /** Where the entity ID and ACS URL come from, shown beside the form. */
  hint: string;
  /** The page of docs/ with the steps on the service provider's side. */
  docsPage: string;
}

/** The WS-Federation claim names Atlassian Cloud (and others taught by AD FS) read. */
const CLAIMS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';

export const SAML_APP_PRESETS: Record<SamlAppPresetId, SamlAppPreset> = {
  // IAM Identity Center matches the NameID against the user name it holds, and refuses any other format
  // ("Response contains invalid name id policy format").
  aws: {
    label: 'AWS IAM Identity Center',
    nameIDFormat: 'email',
    attributes: {},
    signing: 'assertion',
    hint: 'In IAM Identity Center choose Settings, Identity source, Change to External identity provider, and download the service provider metadata: paste it here.',
    docsPage: 'docs/saml-apps/aws-iam-identity-center.md',
  },
  // The single sign-on setting's identity type "Federation ID" in the Subject's NameID: the email here.
  salesforce: {
    label: 'Salesforce',
    nameIDFormat: 'email',
    attributes: {},
    signing: 'assertion',
    hint: "Create the SAML single sign-on setting in Salesforce first; its Entity ID and Login URL (the ACS URL) are on the setting's page, which also offers the metadata to download.",
    docsPage: 'docs/saml-apps/salesforce.md',
  },
  // Slack reads a NameID that never changes (persistent) and the email in User.Email, and wants the
  // Response signed.
  slack: {
    label: 'Slack',
    nameIDFormat: 'persistent',
    attributes: { email: 'User.Email', displayName: 'User.Username', givenName: 'first_name', surname: 'last_name' },
    signing: 'both',
    entityID: 'https://slack.com',
    hint: 'The ACS URL is https://YOUR-WORKSPACE.slack.com/sso/saml.',
    docsPage: 'docs/saml-apps/slack.md',
  },
  // GitHub takes any persistent, readable NameID; the email stays one for as long as the person has it.
  github: {
    label: 'GitHub Enterprise Cloud',
    nameIDFormat: 'email',
    attributes: { email: 'emails', displayName: 'full_name' },
    signing: 'assertion',
    hint: 'For an organisation the entity ID is https://github.com/orgs/ORGANIZATION and the ACS URL https://github.com/orgs/ORGANIZATION/saml/consume; for an enterprise, https://github.com/enterprises/ENTERPRISE and .../saml/consume.',
    docsPage: 'docs/saml-apps/github-enterprise-cloud.md',
  },
  // Atlassian Guard matches accounts by the email in the NameID and reads the names as claims.
  atlassian: {
    label: 'Atlassian Cloud',
    nameIDFormat: 'email',
    attributes: { email: `${CLAIMS}/emailaddress`, givenName: `${CLAIMS}/givenname`, surname: `${CLAIMS}/surname` },
    signing: 'assertion',
    hint: 'Add a SAML identity provider in Atlassian Administration (Security, Identity providers); it shows the Service provider entity URL and assertion consumer service URL to copy here.',
    docsPage: 'docs/saml-apps/atlassian-cloud.md',
  },
  // Google reads the person's primary Google email from the NameID and checks the Response's signature.
  google: {
    label: 'Google Workspace',
    nameIDFormat: 'email',
    attributes: {},
    signing: 'both',
    entityID: 'google.com',
    hint: 'The ACS URL is https://www.google.com/a/YOUR-DOMAIN/acs; with "Use a domain-specific issuer" the entity ID is google.com/a/YOUR-DOMAIN.',
    docsPage: 'docs/saml-apps/google-workspace.md',
  },
};

/**
 * The assertion a preset's service provider expects, in the shape of an application's settings. Its
 * fixed entity ID is apart (`entityID`): only where neither the metadata nor the admin gave one.
 */
export function presetSettings(id: SamlAppPresetId) {
  const { nameIDFormat, attributes, signing } = SAML_APP_PRESETS[id];
  return { nameIDFormat, attributes: { ...attributes }, signing };
}
