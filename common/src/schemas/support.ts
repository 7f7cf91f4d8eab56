/** The help page's contact form (POST /api/support) and the deployment facts the public pages show. */
import { z } from 'zod';

import { MESSAGES } from '../messages.ts';
import { LIMITS } from '../policy.ts';
import { email, requiredString } from './fields.ts';

/** Drops control characters other than tab and line breaks: nothing a person types, and PostgreSQL refuses NUL in text. */
const withoutControlCharacters = (text: string) =>
  [...text].filter((c) => c === '\t' || c === '\n' || c === '\r' || (c >= ' ' && c !== '\u007f')).join('');

const message = z.string({ error: MESSAGES.required }).transform(withoutControlCharacters).pipe(requiredString(LIMITS.contactMessageMax));

/** The server's schema: the Email address is asked only when signed out, so it is checked there. */
export const supportRequest = z.object({
  email: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v : undefined))
    .pipe(email.optional()),
  message,
});

/** The form as the SPA shows it: Email address only when signed out. */
export const supportForm = (signedIn: boolean) => (signedIn ? z.object({ message }) : z.object({ email, message }));
export type SupportFormInput = { email?: string; message: string };

/** GET /api/serviceinfo. */
export const serviceInfo = z.object({
  /** Who is responsible for the personal data (the privacy policy's data controller). */
  dataController: z.string(),
  /** Where the contact form's messages go, also shown as the contact address. */
  supportEmail: z.string(),
  /** How long a demo organisation lives. */
  demoLifetimeHours: z.number(),
});
export type ServiceInfo = z.infer<typeof serviceInfo>;
