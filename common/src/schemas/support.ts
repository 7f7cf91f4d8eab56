/** The help page's contact form (POST /api/support) and the deployment facts the public pages show. */
import { z } from 'zod';
import { LIMITS } from '../policy.ts';
import { email, requiredString } from './fields.ts';

const message = requiredString(LIMITS.contactMessageMax);

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
