/**
 * /ServiceProviderConfig, /ResourceTypes and /Schemas (RFC 7643 sections 5-7, RFC 7644 section 4):
 * exactly what this service provider supports: Users (with Gatehouse's MFA extension) and Groups.
 */
import { MFA_METHODS } from '@gatehouse/common/schemas/user-mfa';

import { GROUP_SCHEMA, MFA_SCHEMA, USER_SCHEMA } from './filter.ts';
import { LIST_MAX } from './service.ts';

const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

export function serviceProviderConfig(baseUrl: string, docsUrl: string) {
  return {
    schemas: [SPC_SCHEMA],
    documentationUri: docsUrl,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: LIST_MAX },
    changePassword: { supported: true },
    sort: { supported: true },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description:
          "The application's SCIM token from its page, or an access token from the organisation's token endpoint by client credentials with scope scim",
        specUri: 'https://www.rfc-editor.org/rfc/rfc6750',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function userResourceType(baseUrl: string) {
  return {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'End users of the organisation',
    schema: USER_SCHEMA,
    schemaExtensions: [{ schema: MFA_SCHEMA, required: false }],
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
  };
}

export function groupResourceType(baseUrl: string) {
  return {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: "Groups of the organisation's people",
    schema: GROUP_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
  };
}

type Attribute = Record<string, unknown>;
const attr = (name: string, type: string, options: Partial<Attribute> = {}): Attribute => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...options,
});

const multi = (name: string, description: string, typeValue: string): Attribute =>
  attr(name, 'complex', {
    multiValued: true,
    description,
    subAttributes: [attr('value', 'string'), attr('type', 'string', { canonicalValues: [typeValue] }), attr('primary', 'boolean')],
  });

export function userSchema(baseUrl: string) {
  return {
    schemas: [SCHEMA_SCHEMA],
    id: USER_SCHEMA,
    name: 'User',
    description: 'User account',
    attributes: [
      attr('userName', 'string', { required: true, uniqueness: 'server', description: 'The email address the user signs in with' }),
      attr('name', 'complex', {
        subAttributes: [attr('givenName', 'string'), attr('familyName', 'string'), attr('formatted', 'string', { mutability: 'readOnly' })],
      }),
      attr('displayName', 'string', { mutability: 'readOnly', description: 'givenName and familyName' }),
      multi('emails', 'The one work email, the same as userName', 'work'),
      multi('phoneNumbers', 'The one phone number (also used for SMS codes)', 'mobile'),
      attr('preferredLanguage', 'string', {
        description: 'The language of the user’s screens and emails (an Accept-Language value; the closest language offered is kept)',
      }),
      attr('locale', 'string', { description: 'Read when preferredLanguage is not given; answered with the same language' }),
      attr('active', 'boolean', { description: 'False while the user is disabled' }),
      attr('password', 'string', {
        mutability: 'writeOnly',
        returned: 'never',
        description: "Checked against the organisation's password policy",
      }),
    ],
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${USER_SCHEMA}` },
  };
}

/** The MFA extension (RFC 7643 3.3): whether the person has MFA, and its reset by writing `enabled: false`. */
export function mfaSchema(baseUrl: string) {
  return {
    schemas: [SCHEMA_SCHEMA],
    id: MFA_SCHEMA,
    name: 'MultiFactorAuthentication',
    description: "The user's multi-factor authentication",
    attributes: [
      attr('enabled', 'boolean', {
        description:
          'True while the user holds at least one second factor. Only false may be written, and writing it is a reset of their MFA (factors, recovery codes, remembered browsers; audited as user.mfa_reset); true is refused with invalidValue for a user without a factor: the user sets a factor up themselves.',
      }),
      attr('required', 'boolean', { mutability: 'readOnly', description: 'The organisation or an administrator requires MFA of the user' }),
      attr('methods', 'string', {
        multiValued: true,
        mutability: 'readOnly',
        canonicalValues: [...MFA_METHODS],
        description: 'The kinds of second factor the user holds',
      }),
    ],
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${MFA_SCHEMA}` },
  };
}

export function groupSchema(baseUrl: string) {
  return {
    schemas: [SCHEMA_SCHEMA],
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'Group',
    attributes: [
      attr('displayName', 'string', { required: true, uniqueness: 'server', description: "The group's name, unique without case" }),
      attr('members', 'complex', {
        multiValued: true,
        description: "The group's End users",
        subAttributes: [
          attr('value', 'string', { mutability: 'immutable', description: "The user's id" }),
          attr('display', 'string', { mutability: 'readOnly', description: "The user's email" }),
          attr('$ref', 'reference', { mutability: 'immutable', referenceTypes: ['User'] }),
          attr('type', 'string', { mutability: 'immutable', canonicalValues: ['User'] }),
        ],
      }),
    ],
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${GROUP_SCHEMA}` },
  };
}

export function listOf<T>(resources: T[]) {
  return { schemas: [LIST_SCHEMA], totalResults: resources.length, itemsPerPage: resources.length, startIndex: 1, Resources: resources };
}
