/** The SAML part of a connection's answer (its own file: schemas/connections.ts imports it, and the request schema imports that). */
import { z } from 'zod';

/** What a SAML connection shows: the values to give the IdP, and what was read from its metadata. */
export const samlDetailsSchema = z.object({
  /** Our entityID (Identifier); also the address of our metadata. */
  entityId: z.string(),
  /** Our Assertion Consumer Service (Reply) URL. */
  acsUrl: z.string(),
  metadataUrl: z.string(),
  idpMetadataUrl: z.string().nullable(),
  idpEntityId: z.string(),
  ssoUrl: z.string(),
  certificates: z.array(z.object({ subject: z.string(), notAfter: z.string(), fingerprint: z.string() })),
  metadataReadAt: z.number().int(),
});
export type SamlDetails = z.infer<typeof samlDetailsSchema>;
