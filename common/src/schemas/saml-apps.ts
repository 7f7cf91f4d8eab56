/** Request and response schemas of SAML applications (Gatehouse as the identity provider). */
import { z } from 'zod';

import { APPLICATION_LIMITS, serverCallUrlProblem, webUrlProblem } from '../applications.ts';
import { SAML_APP_PRESET_IDS } from '../saml-app-presets.ts';
import {
  NAME_ID_FORMAT_KEYS,
  SAML_APP_LIMITS,
  SAML_APP_MESSAGES,
  SAML_ATTRIBUTE_SOURCES,
  SAML_BINDINGS,
  SAML_SIGNING,
} from '../saml-apps.ts';
import { checked, formBoolean, optionalChecked, optionalString, requiredString } from './fields.ts';

/** Where the browser posts the assertion: https, or http on loopback. */
export const acsUrl = z.string().trim().max(SAML_APP_LIMITS.urlMax).pipe(checked(serverCallUrlProblem));

export const BINDING_KEYS = Object.keys(SAML_BINDINGS) as [keyof typeof SAML_BINDINGS, ...(keyof typeof SAML_BINDINGS)[]];

export const assertionConsumerService = z.object({
  url: acsUrl,
  /** Gatehouse answers by HTTP-POST; an ACS of another binding is kept but not used. */
  binding: z.enum(BINDING_KEYS).default('post'),
  index: z.number().int().min(0).max(65535),
  isDefault: z.boolean().default(false),
});
export type AssertionConsumerService = z.output<typeof assertionConsumerService>;

/** An optional field: blank or null (as an answer shows it, sent back) is none. */
const orNone = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null ? undefined : v), schema);

/** A certificate as pasted: PEM or bare base64 DER (the server parses it). */
const certificate = orNone(optionalString(SAML_APP_LIMITS.certificateMax));

const attributeName = optionalString(SAML_APP_LIMITS.attributeNameMax).optional();
/** Under which attribute name each value is sent; a value without a name (or a blank one) is not sent. */
export const attributeMapping = z.object(
  Object.fromEntries(SAML_ATTRIBUTE_SOURCES.map((source) => [source, attributeName])) as Record<
    (typeof SAML_ATTRIBUTE_SOURCES)[number],
    typeof attributeName
  >,
);

/** The settings' fields, before the rules across them. */
const samlSettingsFields = z.object({
  name: requiredString(APPLICATION_LIMITS.nameMax),
  entityID: requiredString(SAML_APP_LIMITS.entityIdMax),
  assertionConsumerServices: z.array(assertionConsumerService).min(1, { error: SAML_APP_MESSAGES.acsRequired }).max(SAML_APP_LIMITS.acsMax),
  singleLogoutURL: orNone(optionalChecked(SAML_APP_LIMITS.urlMax, serverCallUrlProblem)),
  signingCertificate: certificate,
  encryptionCertificate: certificate,
  requireSignedRequests: formBoolean.default(false),
  signing: z.enum(SAML_SIGNING).default('assertion'),
  encryptAssertions: formBoolean.default(false),
  nameIDFormat: z.enum(NAME_ID_FORMAT_KEYS).default('email'),
  attributes: attributeMapping.default({}),
  landingURL: orNone(optionalChecked(APPLICATION_LIMITS.urlMax, webUrlProblem)),
  policyURL: orNone(optionalChecked(APPLICATION_LIMITS.urlMax, webUrlProblem)),
  allowsUnverifiedAccess: formBoolean.default(false),
});

/** A certificate is needed to check signed requests with, and to encrypt to. */
function certificatesGiven(
  value: { requireSignedRequests: boolean; signingCertificate?: string; encryptAssertions: boolean; encryptionCertificate?: string },
  ctx: z.RefinementCtx,
) {
  if (value.requireSignedRequests && !value.signingCertificate)
    ctx.addIssue({ code: 'custom', message: SAML_APP_MESSAGES.signingCertificateRequired, path: ['signingCertificate'] });
  if (value.encryptAssertions && !value.encryptionCertificate)
    ctx.addIssue({ code: 'custom', message: SAML_APP_MESSAGES.encryptionCertificateRequired, path: ['encryptionCertificate'] });
}

/** An application's SAML settings, as saved. */
export const samlSettings = samlSettingsFields.superRefine(certificatesGiven);
export type SamlSettings = z.output<typeof samlSettings>;
export type SamlSettingsInput = z.input<typeof samlSettings>;

/**
 * Creating a SAML application: from the service provider's metadata (its address, fetched by the
 * server, or the XML pasted), by hand, or both: what is given by hand wins over the metadata.
 */
export const createSamlApplicationRequest = z.object({
  name: requiredString(APPLICATION_LIMITS.nameMax),
  metadataURL: optionalChecked(SAML_APP_LIMITS.urlMax, serverCallUrlProblem),
  metadataXML: optionalString(SAML_APP_LIMITS.metadataMax),
  /** A well-known service provider's NameID format, attributes and signing (saml-app-presets.ts), under the metadata and over it the settings. */
  preset: z.enum(SAML_APP_PRESET_IDS).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
});
export type CreateSamlApplication = z.output<typeof createSamlApplicationRequest>;

/** Where the Add a SAML application screen takes the service provider's settings from. */
export const SAML_APP_SOURCES = ['metadataURL', 'metadataXML', 'byHand'] as const;
export type SamlAppSource = (typeof SAML_APP_SOURCES)[number];

const preset = z.preprocess((v) => (v === '' ? undefined : v), z.enum(SAML_APP_PRESET_IDS).optional());
/** Beside metadata, which seldom says how the assertion should look: blank NameID format is the metadata's (or email). */
const assertionShape = samlSettingsFields.pick({ name: true, attributes: true, signing: true }).extend({
  nameIDFormat: z.preprocess((v) => (v === '' ? undefined : v), z.enum(NAME_ID_FORMAT_KEYS).optional()),
  preset,
});

/** The screen's form, per source: the metadata's address, the metadata pasted, or every setting by hand. */
export const newSamlApplicationForms = {
  metadataURL: assertionShape.extend({ metadataURL: requiredString(SAML_APP_LIMITS.urlMax).pipe(checked(serverCallUrlProblem)) }),
  metadataXML: assertionShape.extend({ metadataXML: requiredString(SAML_APP_LIMITS.metadataMax) }),
  byHand: samlSettingsFields.extend({ preset }).superRefine(certificatesGiven),
} as const;
export type NewSamlApplicationForm = {
  [S in SamlAppSource]: z.output<(typeof newSamlApplicationForms)[S]>;
};

/** The create request a filled-in screen sends: the name, metadata and preset apart, every other field a setting. */
export function newSamlApplicationRequest(form: NewSamlApplicationForm[SamlAppSource]): z.input<typeof createSamlApplicationRequest> {
  const { name, preset: chosen, ...rest } = form;
  const { metadataURL, metadataXML, ...settings } = rest as typeof rest & { metadataURL?: string; metadataXML?: string };
  return { name, metadataURL, metadataXML, preset: chosen, settings };
}

/** A SAML application as the admin screens see it, with what to paste into the service provider. */
export const samlApplication = z.object({
  id: z.string(),
  name: z.string(),
  entityID: z.string(),
  assertionConsumerServices: z.array(
    z.object({ url: z.string(), binding: z.enum(BINDING_KEYS), index: z.number(), isDefault: z.boolean() }),
  ),
  singleLogoutURL: z.string().nullable(),
  signingCertificate: z.string().nullable(),
  encryptionCertificate: z.string().nullable(),
  requireSignedRequests: z.boolean(),
  signing: z.enum(SAML_SIGNING),
  encryptAssertions: z.boolean(),
  nameIDFormat: z.enum(NAME_ID_FORMAT_KEYS),
  attributes: attributeMapping,
  landingURL: z.string().nullable(),
  policyURL: z.string().nullable(),
  allowsUnverifiedAccess: z.boolean(),
  /** The logo's asset id (GET /api/organisation/assets/clientlogo?id=…), as an OpenID application's. */
  logoID: z.string().nullable(),
  identityProvider: z.object({
    entityID: z.string(),
    metadataURL: z.string(),
    ssoURL: z.string(),
    sloURL: z.string(),
    /** The certificate Gatehouse signs with now (PEM); the metadata also carries the next one. */
    certificate: z.string(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SamlApplication = z.infer<typeof samlApplication>;
