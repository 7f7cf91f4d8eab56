import type { FastifyInstance } from 'fastify';
import { API } from '@gatehouse/common/routes';
import {
  acceptPolicyRequest,
  clientAuthStepsQuery,
  createApplicationRequest,
  updateApplicationRequest,
} from '@gatehouse/common/schemas/applications';
import type { AppContext } from '../context.ts';
import type { ScimTokenResponse } from '@gatehouse/common/schemas/applications';
import { originFor } from '../config.ts';
import { SCIM_PREFIX } from '../scim/routes.ts';
import { sendAsset } from '../assets/service.ts';
import { AppError } from '../http/errors.ts';
import { readForm } from '../http/form.ts';
import { requireOrganisation, requireUser } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import {
  acceptPolicy,
  clientAuthSteps,
  createApplication,
  deleteApplication,
  getApplication,
  listApplications,
  loadClientLogo,
  regenerateSecret,
  generateScimToken,
  updateApplication,
} from './service.ts';

const ORGANISATION_ADMIN = ['OrganisationAdministrator'] as const;
type IdParams = { Params: { id: string } };

export function applicationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const admin = async (request: Parameters<typeof requireUser>[1]) => (await requireUser(ctx, request, ORGANISATION_ADMIN)).org;

  app.get(API.clients, async (request) => listApplications(ctx, (await admin(request)).id));

  app.post(API.clients, async (request, reply) => {
    const org = await admin(request);
    const created = await createApplication(ctx, org.id, parse(createApplicationRequest, request.body));
    return reply.code(201).header('cache-control', 'no-store').send(created);
  });

  app.get<IdParams>(`${API.clients}/:id`, async (request) => getApplication(ctx, (await admin(request)).id, request.params.id));

  app.put<IdParams>(`${API.clients}/:id`, async (request) => {
    const org = await admin(request);
    const { fields, files } = await readForm(request);
    return updateApplication(ctx, org.id, request.params.id, parse(updateApplicationRequest, fields), files.logo);
  });

  app.delete<IdParams>(`${API.clients}/:id`, async (request, reply) => {
    await deleteApplication(ctx, (await admin(request)).id, request.params.id);
    return reply.code(204).send();
  });

  app.post<IdParams>(`${API.clients}/:id/regeneratesecret`, async (request, reply) => {
    const regenerated = await regenerateSecret(ctx, (await admin(request)).id, request.params.id);
    return reply.header('cache-control', 'no-store').send(regenerated);
  });

  app.post<IdParams>(`${API.clients}/:id/scimtoken`, async (request, reply) => {
    const org = await admin(request);
    const generated = await generateScimToken(ctx, org.id, request.params.id);
    const answer: ScimTokenResponse = { ...generated, baseURL: `${originFor(ctx.config, org.hostname)}${SCIM_PREFIX}` };
    return reply.header('cache-control', 'no-store').send(answer);
  });

  // Application logos are public, like the organisation's logo: shown on dashboards and sign-in pages.
  app.get<{ Querystring: { id?: string } }>(API.clientLogo, async (request, reply) => {
    const org = requireOrganisation(request);
    if (typeof request.query.id !== 'string') throw new AppError('NOT_FOUND');
    return sendAsset(reply, await loadClientLogo(ctx, org.id, request.query.id));
  });

  app.get(API.clientauthsteps, async (request) => {
    const { org, user } = await requireUser(ctx, request);
    return clientAuthSteps(ctx, org, user, parse(clientAuthStepsQuery, request.query).client_id);
  });

  app.post(API.acceptpolicy, async (request) => {
    const { org, user } = await requireUser(ctx, request);
    return acceptPolicy(ctx, org, user, parse(acceptPolicyRequest, request.body).clientID);
  });
}
