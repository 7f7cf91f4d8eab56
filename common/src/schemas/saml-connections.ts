/** Request and answer parts of SAML 2.0 connections (Organisation Admins). */
import { z } from 'zod';

import { CONNECTION_MESSAGES, SAML_MESSAGES } from '../connection-messages.ts';
import { CONNECTION_PRESETS } from '../connections.ts';
import { CONNECTION_LIMITS as L } from '../policy.ts';
import { SAML_LIMITS } from '../saml-connections.ts';
import { checkJitDomains, connectionPolicy, issuerProblem, policyExample } from './connections.ts';
import { optionalString, requiredString } from './fields.ts';

/** An attribute name as IdPs write them: a plain name, a URI or an OID. Empty: the preset's default. */
const attribute = optionalString(L.urlMax).refine((v) => v === undefined || /^[\w.:/#-]+$/.test(v), {
  error: SAML_MESSAGES.invalidAttribute,
});

export const samlConnectionRequest = z
  .object({
    preset: z.enum(CONNECTION_PRESETS).default('custom'),
    name: requiredString(L.nameMax),
    /** The IdP's metadata address (https; http only on localhost); read when the connection is saved. */
    metadataUrl: optionalString(L.urlMax).superRefine((v, c) => {
      const problem = v === undefined ? null : issuerProblem(v);
      if (problem) c.addIssue({ code: 'custom', message: CONNECTION_MESSAGES.invalidIssuer });
    }),
    /** Or the metadata itself, pasted. Neither, on a change: the stored metadata stays. */
    metadataXml: optionalString(SAML_LIMITS.metadataMax),
    attributeEmail: attribute,
    attributeFirstName: attribute,
    attributeSurname: attribute,
    attributeGroups: attribute,
    ...connectionPolicy.shape,
  })
  .superRefine((value, c) => {
    if (value.metadataUrl && value.metadataXml) c.addIssue({ code: 'custom', path: ['metadataXml'], message: SAML_MESSAGES.metadataOne });
    checkJitDomains(value, c);
  })
  .meta({
    example: {
      preset: 'entra',
      name: 'Contoso staff',
      metadataUrl:
        'https://login.microsoftonline.com/3f2b8c1e-6a4d-4e9b-9c7a-2d5e8f1a0b3c/federationmetadata/2007-06/federationmetadata.xml',
      ...policyExample,
    },
  });
export type SamlConnectionInput = z.input<typeof samlConnectionRequest>;
export type SamlConnectionRequest = z.output<typeof samlConnectionRequest>;

export { samlDetailsSchema, type SamlDetails } from './saml-details.ts';
