/** New-password forms: a password with its confirmation, and the change-password form (spec sections 2 and 7). */
import { z } from 'zod';

import { MESSAGES } from '../messages.ts';
import { password } from './fields.ts';

const passwordPair = z.object({ password, confirmPassword: password });

export const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
export const mismatch = { path: ['confirmPassword'], error: MESSAGES.passwordsDoNotMatch };

/** Choose a new password: 'New password' and 'Confirm password'. */
export const newPasswordRequest = passwordPair.refine(passwordsMatch, mismatch);
export type NewPasswordRequest = z.input<typeof newPasswordRequest>;

/** Change password: the current password is required only when the user already has one (the server decides). */
export const changePasswordRequest = passwordPair.extend({ currentPassword: password.optional() }).refine(passwordsMatch, mismatch);
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** The change-password form of a user who has a password: all three fields required. */
export const changePasswordForm = passwordPair.extend({ currentPassword: password }).refine(passwordsMatch, mismatch);
