/** SAML applications: service providers Gatehouse signs people into as their identity provider. */
import { z } from 'zod';

import { createSamlApplicationRequest, samlApplication, samlSettings } from '../schemas/saml-apps.ts';
import { endpoint, idParams, ORGANISATION_ADMIN, orMachine } from './contract.ts';

const reading = { tag: 'SAML applications', access: orMachine(ORGANISATION_ADMIN, 'applications:read') } as const;
const admin = { tag: 'SAML applications', access: orMachine(ORGANISATION_ADMIN, 'applications:write') } as const;

export const samlAppsApi = {
  list: endpoint({
    ...reading,
    method: 'GET',
    path: '/api/samlapps',
    operationId: 'listSamlApplications',
    summary: "The organisation's SAML applications.",
    status: 200,
    answer: z.array(samlApplication),
    errors: [],
  }),
  create: endpoint({
    ...admin,
    method: 'POST',
    path: '/api/samlapps',
    operationId: 'createSamlApplication',
    summary:
      "Creates a SAML application from the service provider's metadata (its address or the XML) and settings given by hand, which win over the metadata.",
    body: createSamlApplicationRequest,
    bodyEncoding: 'json',
    status: 201,
    answer: samlApplication,
    errors: ['CONFLICT'],
  }),
  get: endpoint({
    ...reading,
    method: 'GET',
    path: '/api/samlapps/{id}',
    operationId: 'getSamlApplication',
    summary: 'One SAML application, with the identity provider addresses to give the service provider.',
    params: idParams,
    status: 200,
    answer: samlApplication,
    errors: ['CLIENT_NOT_FOUND'],
  }),
  update: endpoint({
    ...admin,
    method: 'PUT',
    path: '/api/samlapps/{id}',
    operationId: 'updateSamlApplication',
    summary: "Saves a SAML application's settings.",
    params: idParams,
    body: samlSettings,
    bodyEncoding: 'json',
    status: 200,
    answer: samlApplication,
    errors: ['CLIENT_NOT_FOUND', 'CONFLICT'],
  }),
  setLogo: endpoint({
    ...admin,
    method: 'PUT',
    path: '/api/samlapps/{id}/logo',
    operationId: 'setSamlApplicationLogo',
    summary:
      "Sets a SAML application's logo, shown on its dashboard tile (multipart, the image in `logo`: PNG, JPEG or GIF, as an OpenID application's).",
    params: idParams,
    body: z.object({}),
    bodyEncoding: 'multipart',
    status: 200,
    answer: samlApplication,
    errors: ['CLIENT_NOT_FOUND', 'PAYLOAD_TOO_LARGE'],
  }),
  deleteLogo: endpoint({
    ...admin,
    method: 'DELETE',
    path: '/api/samlapps/{id}/logo',
    operationId: 'deleteSamlApplicationLogo',
    summary: "Removes a SAML application's logo: its tile shows its initial again.",
    params: idParams,
    status: 200,
    answer: samlApplication,
    errors: ['CLIENT_NOT_FOUND'],
  }),
  delete: endpoint({
    ...admin,
    method: 'DELETE',
    path: '/api/samlapps/{id}',
    operationId: 'deleteSamlApplication',
    summary: 'Deletes a SAML application; it can no longer sign anyone in.',
    params: idParams,
    status: 204,
    answer: null,
    errors: ['CLIENT_NOT_FOUND'],
  }),
} as const;
