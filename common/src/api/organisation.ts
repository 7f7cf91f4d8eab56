/** The organisation: its public face, its settings page (Organisation Admins), its stylesheet and images. */
import { z } from 'zod';

import { ORGANISATION_IMAGES, type OrganisationImageKind } from '../organisation-images.ts';
import {
  organisationAdminView,
  organisationAssetQuery,
  organisationPreview,
  organisationSettingsRequest,
  organisationView,
  settingsStrength,
} from '../schemas/organisation-settings.ts';
import { pathOf } from './address.ts';
import { ANONYMOUS, endpoint, ORGANISATION_ADMIN, orMachine } from './contract.ts';

const tag = 'Organisation';
const IMAGE_KINDS = Object.keys(ORGANISATION_IMAGES) as [OrganisationImageKind, ...OrganisationImageKind[]];

export const organisationApi = {
  get: endpoint({
    tag,
    method: 'GET',
    path: '/api/organisation',
    operationId: 'getOrganisation',
    summary: 'The organisation as its pages show it; for an Organisation Admin, every setting and the security strength score too.',
    access: ANONYMOUS,
    status: 200,
    answer: organisationView,
    errors: [],
  }),
  settings: endpoint({
    tag,
    method: 'GET',
    path: '/api/organisation/settings',
    operationId: 'getOrganisationSettings',
    summary: 'Every setting and the security strength score (what getOrganisation answers an Organisation Admin).',
    access: orMachine(ORGANISATION_ADMIN, 'organisation:read'),
    status: 200,
    answer: organisationAdminView,
    errors: [],
  }),
  save: endpoint({
    tag,
    method: 'PUT',
    path: '/api/organisation',
    operationId: 'saveOrganisationSettings',
    summary: 'Saves every setting of the settings page, and its images (multipart), in one step.',
    access: orMachine(ORGANISATION_ADMIN, 'organisation:write'),
    body: organisationSettingsRequest,
    bodyEncoding: 'multipart',
    status: 200,
    answer: organisationAdminView,
    errors: ['PAYLOAD_TOO_LARGE'],
  }),
  preview: endpoint({
    tag,
    method: 'POST',
    path: '/api/organisation/preview',
    operationId: 'previewOrganisationSettings',
    summary: 'How the organisation would look and score with these settings; nothing is saved.',
    access: orMachine(ORGANISATION_ADMIN, 'organisation:write'),
    body: organisationSettingsRequest,
    bodyEncoding: 'multipart',
    status: 200,
    answer: organisationPreview,
    errors: [],
  }),
  strength: endpoint({
    tag,
    method: 'GET',
    path: '/api/organisation/settingsstrength',
    operationId: 'getSettingsStrength',
    summary: 'The security strength score of the saved settings, 0 to 100.',
    access: orMachine(ORGANISATION_ADMIN, 'organisation:read'),
    status: 200,
    answer: settingsStrength,
    errors: [],
  }),
  style: endpoint({
    tag,
    method: 'GET',
    path: '/api/organisation/style',
    operationId: 'getOrganisationStylesheet',
    summary: "The organisation's theme as CSS custom properties (with an ETag: 304 when unchanged).",
    access: ANONYMOUS,
    status: 200,
    answer: null,
    produces: ['text/css'],
    errors: [],
  }),
  image: endpoint({
    tag,
    method: 'GET',
    path: '/api/organisation/assets/{kind}',
    operationId: 'getOrganisationImage',
    summary: 'An image of the organisation by its id (cached for good), or, without an id, a 302 redirect to the current one.',
    access: ANONYMOUS,
    params: z.object({ kind: z.enum(IMAGE_KINDS) }),
    query: organisationAssetQuery,
    status: 200,
    answer: null,
    produces: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/x-icon'],
    errors: ['NOT_FOUND'],
  }),
} as const;

/** Where the SPA loads an organisation image from; the id in the URL lets browsers cache it for good. */
export function organisationImageUrl(kind: OrganisationImageKind, id: string): string {
  return `${pathOf(organisationApi.image, { kind })}?id=${encodeURIComponent(id)}`;
}
