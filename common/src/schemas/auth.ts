import { z } from 'zod';

import { challengeSolution } from './challenge.ts';
import { email, password, returnUrl } from './fields.ts';

export const signInRequest = z.object({
  email,
  password,
  returnurl: returnUrl,
  /** The solved proof-of-work challenge, where the form asks for one. */
  altcha: challengeSolution,
});
export type SignInRequest = z.input<typeof signInRequest>;

export const errorReport = z.object({
  name: z.string().max(200).optional(),
  message: z.string().max(2000).optional(),
  stack: z.string().max(10_000).optional(),
  componentStack: z.string().max(10_000).optional(),
  url: z.string().max(2000).optional(),
  correlationId: z
    .string()
    .regex(/^[1-9A-Z]{12}$/)
    .optional(),
});
