import type { FastifyInstance } from 'fastify';
import { API } from '@gatehouse/common/routes';
import type { AppContext } from '../context.ts';
import { requireOrganisation } from '../http/request-context.ts';
import { toPublicOrganisation } from './model.ts';
import { organisationStylesheet } from './style.ts';

export function organisationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(API.organisation, async (request) => toPublicOrganisation(ctx.config, requireOrganisation(request)));

  app.get(API.organisationStyle, async (request, reply) => {
    const org = requireOrganisation(request);
    const etag = `"${org.id}-${org.row.updated_at}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/css; charset=utf-8').send(organisationStylesheet(org.row));
  });
}
