/** Request and answer schemas of groups (the Groups screens and the management API). */
import { z } from 'zod';

import { GROUP_LIMITS } from '../groups.ts';
import { MESSAGES } from '../messages.ts';
import { requiredString } from './fields.ts';

export const groupRequest = z.object({ name: requiredString(GROUP_LIMITS.nameMax) });
export type GroupRequest = z.input<typeof groupRequest>;

const page = z.preprocess((v) => (v === undefined || v === '' ? 1 : v), z.coerce.number().int().min(1).max(1_000_000)).catch(1);
const search = z
  .string()
  .trim()
  .max(GROUP_LIMITS.searchMax, { error: MESSAGES.tooLong(GROUP_LIMITS.searchMax) })
  .optional()
  .transform((v) => (v ? v.toLowerCase() : undefined));

/** A page of a list, optionally of the entries whose name (or a member's email or name) starts with `search`. */
export const groupListQuery = z.object({ page, search });
export type GroupListQuery = z.input<typeof groupListQuery>;

/** Where a group comes from: made on the screens or the management API, or provisioned over SCIM by an application. */
export const groupSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('gatehouse') }),
  z.object({ kind: z.literal('scim'), applicationId: z.string(), application: z.string() }),
]);

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  memberCount: z.number().int(),
  /** A group provisioned over SCIM is read-only here; `application` names who provisions it. */
  source: groupSource,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupListPage = z.object({
  items: z.array(groupSchema),
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type GroupListPage = z.infer<typeof groupListPage>;

export const groupMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  surname: z.string().nullable(),
  addedAt: z.number().int(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupMemberPage = z.object({
  items: z.array(groupMemberSchema),
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type GroupMemberPage = z.infer<typeof groupMemberPage>;

/** Adds a member by their user id or their email. */
export const addGroupMemberRequest = z
  .object({
    userId: z.string().trim().max(100).optional(),
    email: z.string().trim().max(320).optional(),
  })
  .refine((v) => Boolean(v.userId) || Boolean(v.email), { error: MESSAGES.required, path: ['email'] });

export const groupMemberParams = z.object({ id: z.string().min(1).max(100), userId: z.string().min(1).max(100) });

/** The groups of one person, for their page. */
export const userGroupSchema = z.object({ id: z.string(), name: z.string(), source: groupSource });
