import type { FastifyInstance } from 'fastify';
import { API } from '@gatehouse/common/routes';
import { organisationAssetQuery, type SettingsStrength } from '@gatehouse/common/schemas/organisation-settings';
import { ORGANISATION_IMAGES, organisationImageUrl, type OrganisationImageKind } from '@gatehouse/common/organisation-images';
import { sendAsset } from '../assets/service.ts';
import type { AppContext } from '../context.ts';
import { readForm } from '../http/form.ts';
import { getAuth, requireOrganisation, requireUser } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import type { OrganisationResolver } from '../tenancy/resolver.ts';
import { toPublicOrganisation } from './model.ts';
import {
  findOrganisationImage,
  organisationAdminView,
  previewOrganisationSettings,
  saveOrganisationSettings,
  savedSettingsScore,
} from './settings-service.ts';
import { organisationStylesheet } from './style.ts';

const ORGANISATION_ADMIN = ['OrganisationAdministrator'] as const;

export function organisationRoutes(app: FastifyInstance, ctx: AppContext, resolver: OrganisationResolver): void {
  /** Public fields for everyone; every setting and the score for an Organisation Admin. */
  app.get(API.organisation, async (request, reply) => {
    const org = requireOrganisation(request);
    const auth = await getAuth(ctx, request);
    if (auth?.user.role !== 'OrganisationAdministrator') return toPublicOrganisation(ctx.config, org);
    reply.header('cache-control', 'private, no-store');
    return organisationAdminView(ctx, org);
  });

  app.put(API.organisation, async (request, reply) => {
    const { org } = await requireUser(ctx, request, ORGANISATION_ADMIN);
    const view = await saveOrganisationSettings(ctx, resolver, org, await readForm(request));
    reply.header('cache-control', 'private, no-store');
    return view;
  });

  app.post(API.organisationPreview, async (request) => {
    const { org } = await requireUser(ctx, request, ORGANISATION_ADMIN);
    return previewOrganisationSettings(ctx, org, (await readForm(request)).fields);
  });

  app.get(API.organisationSettingsStrength, async (request): Promise<SettingsStrength> => {
    const { org } = await requireUser(ctx, request, ORGANISATION_ADMIN);
    return { settingsScore: await savedSettingsScore(ctx, org) };
  });

  app.get(API.organisationStyle, async (request, reply) => {
    const org = requireOrganisation(request);
    const etag = `"${org.id}-${org.row.updated_at}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/css; charset=utf-8').send(organisationStylesheet(org.row));
  });

  // Public, for the signed-out pages. With ?id= an image is immutable and cached for good; without,
  // the answer is a redirect to the current image's id.
  for (const kind of Object.keys(ORGANISATION_IMAGES) as OrganisationImageKind[]) {
    app.get(`${API.organisationAssets}/${kind}`, async (request, reply) => {
      const org = requireOrganisation(request);
      const { id } = parse(organisationAssetQuery, request.query);
      const found = await findOrganisationImage(ctx, org, kind, id);
      if ('currentId' in found) return reply.header('cache-control', 'no-cache').redirect(organisationImageUrl(kind, found.currentId), 302);
      return sendAsset(reply, found.asset);
    });
  }
}
