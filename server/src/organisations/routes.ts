import { organisationApi as api, organisationImageUrl } from '@gatehouse/common/api/organisation';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { getAuth } from '../http/request-context.ts';
import { sendAsset } from '../http/send-asset.ts';
import type { OrganisationResolver } from '../tenancy/resolver.ts';
import { toPublicOrganisation } from './model.ts';
import {
  findOrganisationImage,
  organisationAdminView,
  previewOrganisationSettings,
  savedSettingsScore,
  saveOrganisationSettings,
} from './settings-service.ts';
import { organisationStylesheet } from './style.ts';

export function organisationRoutes(app: FastifyInstance, ctx: AppContext, resolver: OrganisationResolver): void {
  /** Public fields for everyone; every setting and the score for an Organisation Admin. */
  serve(app, ctx, api.get, async (_, scope, request, reply) => {
    const auth = await getAuth(ctx, request);
    if (auth?.user.role !== 'OrganisationAdministrator') return toPublicOrganisation(ctx.config, scope.organisation);
    reply.header('cache-control', 'private, no-store');
    return organisationAdminView(ctx, scope);
  });

  serve(app, ctx, api.settings, async (_, scope, _request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return organisationAdminView(ctx, scope);
  });

  serve(app, ctx, api.save, async ({ body, files }, scope, _request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return saveOrganisationSettings(ctx, scope, resolver, body, files);
  });

  serve(app, ctx, api.preview, async ({ body }, scope) => previewOrganisationSettings(ctx, scope, body));

  serve(app, ctx, api.strength, async (_, scope) => ({ settingsScore: await savedSettingsScore(ctx, scope) }));

  serve(app, ctx, api.style, async (_, { organisation: org }, request, reply) => {
    const etag = `"${org.id}-${org.row.updated_at}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/css; charset=utf-8').send(organisationStylesheet(org.row));
  });

  // Public, for the signed-out pages. With ?id= an image is immutable and cached for good; without,
  // the answer is a redirect to the current image's id.
  serve(app, ctx, api.image, async ({ params: { kind }, query: { id } }, scope, _request, reply) => {
    const found = await findOrganisationImage(ctx, scope, kind, id);
    if ('currentId' in found) return reply.header('cache-control', 'no-cache').redirect(organisationImageUrl(kind, found.currentId), 302);
    return sendAsset(reply, found.asset);
  });
}
