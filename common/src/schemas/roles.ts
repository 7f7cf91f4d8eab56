/** Request and answer schemas of roles (the Roles screens and the management API). */
import { z } from 'zod';

import { MESSAGES } from '../messages.ts';
import { ROLE_LIMITS, ROLE_MESSAGES } from '../roles.ts';
import { requiredString } from './fields.ts';
import { userGroupSchema } from './groups.ts';

/** A scope of one of the organisation's APIs. */
export const permissionSchema = z.object({ apiId: z.string().min(1).max(100), scope: z.string().min(1).max(200) });
export type Permission = z.infer<typeof permissionSchema>;

export const roleRequest = z.object({
  name: requiredString(ROLE_LIMITS.nameMax),
  description: z
    .string()
    .trim()
    .max(ROLE_LIMITS.descriptionMax, { error: MESSAGES.tooLong(ROLE_LIMITS.descriptionMax) })
    .default(''),
  permissions: z.array(permissionSchema).max(ROLE_LIMITS.permissionsMax, { error: ROLE_MESSAGES.tooManyPermissions }).default([]),
  isDefault: z.boolean().default(false),
});
export type RoleRequest = z.input<typeof roleRequest>;

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** With the API's identifier, as the access token's `aud` names it. */
  permissions: z.array(permissionSchema.extend({ api: z.string() })),
  isDefault: z.boolean(),
  userCount: z.number().int(),
  groupCount: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

/** Where a person's role comes from: given directly, or through a group they are in. */
export const roleSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('direct') }),
  z.object({ kind: z.literal('group'), groupId: z.string(), group: z.string() }),
]);
export type RoleSource = z.infer<typeof roleSource>;

export const effectiveRoleSchema = z.object({ id: z.string(), name: z.string(), sources: z.array(roleSource) });
export type EffectiveRole = z.infer<typeof effectiveRoleSchema>;

/** A person's effective access: their roles and groups, and where each comes from (their page). */
export const effectiveAccessSchema = z.object({
  roles: z.array(effectiveRoleSchema),
  groups: z.array(userGroupSchema),
});
export type EffectiveAccess = z.infer<typeof effectiveAccessSchema>;

export const roleAssignmentParams = z.object({ id: z.string().min(1).max(100), roleId: z.string().min(1).max(100) });

/** The roles a group gives its members. */
export const groupRoleSchema = z.object({ id: z.string(), name: z.string() });
