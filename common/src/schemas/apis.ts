/** Request and answer schemas of the protected APIs (Organisation Admins). */
import { z } from 'zod';

import { API_LIMITS, API_MESSAGES, apiIdentifierProblem, RESERVED_SCOPES, SCOPE_PATTERN } from '../apis.ts';
import { formInt, optionalString, requiredString } from './fields.ts';

const scopeValue = requiredString(API_LIMITS.scopeMax)
  .refine((value) => SCOPE_PATTERN.test(value), { error: API_MESSAGES.scopeInvalid })
  .refine((value) => !RESERVED_SCOPES.has(value), { error: API_MESSAGES.scopeReserved });

export const apiScopeSchema = z.object({
  value: scopeValue,
  description: optionalString(API_LIMITS.scopeDescriptionMax).transform((v) => v ?? ''),
});

const scopes = z
  .array(apiScopeSchema)
  .max(API_LIMITS.scopesMax, { error: `At most ${API_LIMITS.scopesMax} scopes` })
  .refine((list) => new Set(list.map((s) => s.value)).size === list.length, { error: API_MESSAGES.scopeDuplicate });

/** An API's settings as an admin changes them; the identifier only when it is registered. */
export const apiUpdateRequest = z.object({
  name: requiredString(API_LIMITS.nameMax),
  accessTokenTtl: formInt(API_LIMITS.ttlMin, API_LIMITS.ttlMax)
    .optional()
    .transform((v) => v ?? API_LIMITS.ttlDefault),
  scopes,
});
export type ApiUpdateInput = z.input<typeof apiUpdateRequest>;

export const apiCreateRequest = apiUpdateRequest.extend({
  identifier: requiredString(API_LIMITS.identifierMax).superRefine((value, check) => {
    const problem = apiIdentifierProblem(value);
    if (problem) check.addIssue({ code: 'custom', message: problem });
  }),
});
export type ApiCreateInput = z.input<typeof apiCreateRequest>;

export const apiSchema = z.object({
  id: z.string(),
  name: z.string(),
  identifier: z.string(),
  accessTokenTtl: z.number().int(),
  scopes: z.array(z.object({ value: z.string(), description: z.string() })),
  /** The organisation's own management API: its scopes are fixed and it cannot be changed or deleted. */
  builtIn: z.boolean(),
  createdAt: z.number().int().nullable(),
});
export type ProtectedApi = z.infer<typeof apiSchema>;

/** Which scopes of an API one application may ask for. */
export const apiGrantSchema = z.object({
  clientId: z.string(),
  scopes: z.array(z.string()),
});
export type ApiGrant = z.infer<typeof apiGrantSchema>;

export const apiGrantRequest = z.object({
  scopes: z.array(z.string().min(1).max(API_LIMITS.scopeMax)).max(API_LIMITS.scopesMax),
});

export const apiGrantParams = z.object({ id: z.string().min(1).max(100), clientId: z.string().min(1).max(100) });

/**
 * RFC 9728 2: an API's protected resource metadata, as Gatehouse publishes it for the APIs it answers for.
 * `resource` is the API's identifier, the only authorization server is the organisation's issuer, and
 * tokens go in the Authorization header only (RFC 6750 2.1).
 */
export const protectedResourceMetadataSchema = z.object({
  resource: z.url(),
  resource_name: z.string(),
  authorization_servers: z.array(z.url()).min(1),
  scopes_supported: z.array(z.string()),
  bearer_methods_supported: z.array(z.enum(['header', 'body', 'query'])),
});
export type ProtectedResourceMetadata = z.infer<typeof protectedResourceMetadataSchema>;
