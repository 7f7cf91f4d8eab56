/** The base organisation's trial and demo sign-up and the organisation sign-in (spec sections 2, 3 and 7). */
import { z } from 'zod';

import { BASE_SIGNUP_MESSAGES } from '../base-signup-messages.ts';
import { MESSAGES } from '../messages.ts';
import { consent, email } from './fields.ts';
import { organisationName } from './organisation.ts';

/** A base sign-up id: a random token (base64url); anything else is simply not a live sign-up. */
export const baseSignUpId = z
  .string({ error: BASE_SIGNUP_MESSAGES.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{32,128}$/, { error: BASE_SIGNUP_MESSAGES.linkInvalid });

/** POST /api/basesignupemail: the email step (/getstarted), or the demo with the fixed demo address (/demo). */
export const baseSignUpEmailRequest = z.object({ email, consent });
export type BaseSignUpEmailRequest = z.input<typeof baseSignUpEmailRequest>;

/** The demo form: only the consent tick (the address is fixed). */
export const demoRequest = z.object({ consent });

/**
 * The email step's answer. A trial's id only ever travels in the emailed link, so it is null here; a
 * demo, whose fixed address proves nothing, continues at once with its id.
 */
export const baseSignUpEmailResult = z.object({ email: z.string(), baseSignUpID: z.string().nullable() });
export type BaseSignUpEmailResult = z.infer<typeof baseSignUpEmailResult>;

/** GET /api/basesignup?signupid=...: a started sign-up, to resume it at /signuporganisation. */
export const baseSignUpQuery = z.object({ signupid: baseSignUpId });

/** A live base sign-up (spec section 3, Base sign-up). */
export const baseSignUp = z.object({
  baseSignUpID: z.string(),
  email: z.string(),
  demo: z.boolean(),
  baseHostname: z.string(),
});
export type BaseSignUp = z.infer<typeof baseSignUp>;

/** POST /api/basesignuporg: the organisation name step. */
export const baseSignUpOrgRequest = z.object({ baseSignUpID: baseSignUpId, organisationName });

/** The organisation name form as the SPA shows it. */
export const organisationNameForm = z.object({ organisationName });
export type OrganisationNameForm = z.input<typeof organisationNameForm>;

/** The new organisation: its host, and the one-time address that signs its admin in there. */
export const baseSignUpOrgResult = z.object({ hostname: z.string(), handoverURL: z.string() });
export type BaseSignUpOrgResult = z.infer<typeof baseSignUpOrgResult>;

/** GET /api/orgexists?name=...: the organisation sign-in on the base host. */
export const orgExistsQuery = z.object({
  name: z
    .string({ error: MESSAGES.required })
    .trim()
    .toLowerCase()
    .min(1, { error: MESSAGES.required })
    .max(253, { error: MESSAGES.tooLong(253) }),
});
export type OrgExistsQuery = z.input<typeof orgExistsQuery>;

export const orgExistsResult = z.object({ hostname: z.string(), url: z.string() });
export type OrgExistsResult = z.infer<typeof orgExistsResult>;

/** The one-time hand-over token in the redirect to the new organisation's host. */
export const handoverQuery = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/) });
