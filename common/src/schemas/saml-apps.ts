/** Request and response schemas of SAML applications (Gatehouse as the identity provider). */
import { z } from 'zod';
import { serverCallUrlProblem, webUrlProblem, APPLICATION_LIMITS } from '../applications.ts';
import {
  NAME_ID_FORMAT_KEYS,
  SAML_APP_LIMITS,
  SAML_APP_MESSAGES,
  SAML_ATTRIBUTE_SOURCES,
  SAML_BINDINGS,
  SAML_SIGNING,
} from '../saml-apps.ts';
import { formBoolean, optionalString, requiredString } from './fields.ts';

const checked = (problem: (value: string) => string | null) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/** Where the browser posts the assertion: https, or http on loopback. */
export const acsUrl = z.string().trim().max(SAML_APP_LIMITS.urlMax).pipe(checked(serverCallUrlProblem));

const BINDING_KEYS = Object.keys(SAML_BINDINGS) as [keyof typeof SAML_BINDINGS, ...(keyof typeof SAML_BINDINGS)[]];

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

const attributeName = z.string().trim().min(1).max(SAML_APP_LIMITS.attributeNameMax);
/** Under which attribute name each value is sent; a value without a name is not sent. */
export const attributeMapping = z.object(
  Object.fromEntries(SAML_ATTRIBUTE_SOURCES.map((source) => [source, attributeName.optional()])) as Record<
    (typeof SAML_ATTRIBUTE_SOURCES)[number],
    z.ZodOptional<typeof attributeName>
  >,
);

/** An application's SAML settings, as saved. */
export const samlSettings = z
  .object({
    name: requiredString(APPLICATION_LIMITS.nameMax),
    entityID: requiredString(SAML_APP_LIMITS.entityIdMax),
    assertionConsumerServices: z
      .array(assertionConsumerService)
      .min(1, { error: SAML_APP_MESSAGES.acsRequired })
      .max(SAML_APP_LIMITS.acsMax),
    singleLogoutURL: orNone(optionalString(SAML_APP_LIMITS.urlMax).pipe(checked(serverCallUrlProblem).optional())),
    signingCertificate: certificate,
    encryptionCertificate: certificate,
    requireSignedRequests: formBoolean.default(false),
    signing: z.enum(SAML_SIGNING).default('assertion'),
    encryptAssertions: formBoolean.default(false),
    nameIDFormat: z.enum(NAME_ID_FORMAT_KEYS).default('email'),
    attributes: attributeMapping.default({}),
    landingURL: orNone(optionalString(APPLICATION_LIMITS.urlMax).pipe(checked(webUrlProblem).optional())),
    policyURL: orNone(optionalString(APPLICATION_LIMITS.urlMax).pipe(checked(webUrlProblem).optional())),
    allowsUnverifiedAccess: formBoolean.default(false),
  })
  .superRefine((value, ctx) => {
    if (value.requireSignedRequests && !value.signingCertificate)
      ctx.addIssue({ code: 'custom', message: SAML_APP_MESSAGES.signingCertificateRequired, path: ['signingCertificate'] });
    if (value.encryptAssertions && !value.encryptionCertificate)
      ctx.addIssue({ code: 'custom', message: SAML_APP_MESSAGES.encryptionCertificateRequired, path: ['encryptionCertificate'] });
  });
export type SamlSettings = z.output<typeof samlSettings>;
export type SamlSettingsInput = z.input<typeof samlSettings>;

/**
 * Creating a SAML application: from the service provider's metadata (its address, fetched by the
 * server, or the XML pasted), by hand, or both: what is given by hand wins over the metadata.
 */
export const createSamlApplicationRequest = z.object({
  name: requiredString(APPLICATION_LIMITS.nameMax),
  metadataURL: optionalString(SAML_APP_LIMITS.urlMax).pipe(checked(serverCallUrlProblem).optional()),
  metadataXML: optionalString(SAML_APP_LIMITS.metadataMax),
  settings: z.record(z.string(), z.unknown()).optional(),
});
export type CreateSamlApplication = z.output<typeof createSamlApplicationRequest>;

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
  identityProvider: z.object({ entityID: z.string(), metadataURL: z.string(), ssoURL: z.string(), sloURL: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SamlApplication = z.infer<typeof samlApplication>;
