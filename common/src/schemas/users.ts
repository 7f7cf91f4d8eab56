/** Inviting users and the per-user actions of user administration (spec sections 2, 5 and 7). */
import { z } from 'zod';

import { MESSAGES } from '../messages.ts';
import { LIMITS, ROLES, USER_STATUSES } from '../policy.ts';
import { account, phoneNumber } from './account.ts';
import { email, formBoolean, formList, optionalString, requiredString, returnUrl } from './fields.ts';
import { personLocale } from './language.ts';

export const inviteUserRequest = z.object({
  firstName: requiredString(LIMITS.firstNameMax),
  surname: optionalString(LIMITS.surnameMax),
  email,
  role: z.enum(ROLES, { error: 'Please choose a role' }).default('EndUser'),
  multiFactorAuthRequired: formBoolean,
  /** The person's own language; none follows their browser. Their invitation is written in it. */
  locale: personLocale.optional(),
  /** Ids of the applications the user may use. */
  clients: formList(z.string().trim().min(1).max(100)).pipe(z.array(z.string()).max(500)),
  returnurl: returnUrl,
});
export type InviteUserRequest = z.input<typeof inviteUserRequest>;

/** The answer to a per-user action (resend, enable, disable, clear lockout, reset email): its message and the user now. */
export const userActionResult = z.object({ message: z.string(), user: account });
export type UserActionResult = z.infer<typeof userActionResult>;

/**
 * The /users list's query (GET /api/users) or form (POST /api/users/search): a 1-based page, an optional
 * prefix, and optionally the cursor of keyset paging: `after`, the `next` of the page before. With
 * `after` the page holds the users that follow that email (`page` only numbers it, as the infinite
 * scroll counts its pages); without it the page is found by its offset, which costs the pages before it.
 */
export const listUsersRequest = z.object({
  page: z.preprocess((v) => (v === undefined || v === '' ? 1 : v), z.coerce.number().int().min(1).max(1_000_000)).catch(1),
  search: z
    .string()
    .trim()
    .max(LIMITS.userSearchMax, { error: MESSAGES.tooLong(LIMITS.userSearchMax) })
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
  after: z
    .string()
    .max(LIMITS.emailMax, { error: MESSAGES.tooLong(LIMITS.emailMax) })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ListUsersRequest = z.input<typeof listUsersRequest>;

/** One row of the /users table. */
export const userSummary = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  surname: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  /** The name of the application with SCIM on that provisions the user, or null. */
  managedBy: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummary>;

/**
 * A page of users, ordered by email; `totalPages` counts the pages of the whole (searched) list, and
 * `next` is the cursor of the page after this one (send it as `after`), null on the last. A search that
 * matches more than a thousand users is not counted to its end: `totalExact` is then false and `total`
 * (so `totalPages`) a lower bound; `next` still tells whether more follow.
 */
export const userListPage = z.object({
  items: z.array(userSummary),
  page: z.number(),
  totalPages: z.number(),
  total: z.number(),
  totalExact: z.boolean(),
  next: z.string().nullable(),
});
export type UserListPage = z.infer<typeof userListPage>;

/**
 * PUT /api/users/{id}: the edit screen's left card. Role and MFA enforcement left out keep their values
 * (the MFA box is not shown when the organisation requires MFA); `clients` replaces the user's access.
 * When the caller edits themselves, role, MFA enforcement and applications are ignored.
 */
export const updateUserRequest = z.object({
  firstName: optionalString(LIMITS.firstNameMax),
  surname: optionalString(LIMITS.surnameMax),
  phoneNumber,
  /** The person's own language (blank: none); not sent, unchanged. */
  locale: personLocale.optional(),
  role: z.enum(ROLES, { error: 'Please choose a role' }).optional(),
  multiFactorAuthRequired: formBoolean.optional(),
  clients: formList(z.string().trim().min(1).max(100)).pipe(z.array(z.string()).max(500)),
  returnurl: returnUrl,
});
export type UpdateUserRequest = z.input<typeof updateUserRequest>;
