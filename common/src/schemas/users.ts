/** Inviting users and the per-user actions of user administration (spec sections 2, 5 and 7). */
import { z } from 'zod';
import { LIMITS, ROLES } from '../policy.ts';
import { account } from './account.ts';
import { email, formBoolean, formList, optionalString, requiredString, returnUrl } from './fields.ts';

export const inviteUserRequest = z.object({
  firstName: requiredString(LIMITS.firstNameMax),
  surname: optionalString(LIMITS.surnameMax),
  email,
  role: z.enum(ROLES, { error: 'Please choose a role' }).default('EndUser'),
  multiFactorAuthRequired: formBoolean,
  /** Ids of the applications the user may use. */
  clients: formList(z.string().trim().min(1).max(100)).pipe(z.array(z.string()).max(500)),
  returnurl: returnUrl,
});
export type InviteUserRequest = z.input<typeof inviteUserRequest>;

/** The answer to a per-user action (resend, enable, disable, clear lockout, reset email): its message and the user now. */
export const userActionResult = z.object({ message: z.string(), user: account });
export type UserActionResult = z.infer<typeof userActionResult>;
