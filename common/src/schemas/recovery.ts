/** Account recovery: request a code by email, give the code (or open a reset link), choose a new password. */
import { z } from 'zod';

import { email, requiredString } from './fields.ts';
import { linkToken } from './signup.ts';

export const recoveryRequest = z.object({ email });
export type RecoveryRequest = z.input<typeof recoveryRequest>;

/** The emailed code, typed by the user: case, spaces and hyphens do not matter. */
export const recoveryCodeRequest = z.object({ code: requiredString(32) });
export type RecoveryCodeRequest = z.input<typeof recoveryCodeRequest>;

/** A password reset link sent by an administrator carries a resetID instead of a code. */
export const recoveryVerifyRequest = z.union([recoveryCodeRequest, z.object({ resetID: linkToken })]);

/** After a code or link is accepted: the reset type asks for a new password next. */
export const recoveryVerifyResult = z.object({ type: z.literal('reset') });
