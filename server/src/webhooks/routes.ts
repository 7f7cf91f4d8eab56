/** The webhook endpoints API: Organisation Admins only. */
import type { FastifyInstance } from 'fastify';
import { API } from '@gatehouse/common/routes';
import { webhookEndpointRequest } from '@gatehouse/common/schemas/webhooks';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  resendDelivery,
  rollWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
  webhookDeliveries,
} from './service.ts';

const ORGANISATION_ADMIN = ['OrganisationAdministrator'] as const;
type IdParams = { Params: { id: string } };

export function webhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const admin = async (request: Parameters<typeof requireUser>[1]) => (await requireUser(ctx, request, ORGANISATION_ADMIN)).org;
  const one = `${API.webhooks}/:id`;

  app.get(API.webhooks, async (request) => listWebhookEndpoints(ctx, (await admin(request)).id));

  app.post(API.webhooks, async (request, reply) => {
    const org = await admin(request);
    const created = await createWebhookEndpoint(ctx, org.id, parse(webhookEndpointRequest, request.body));
    return reply.code(201).send(created);
  });

  app.get<IdParams>(one, async (request) => getWebhookEndpoint(ctx, (await admin(request)).id, request.params.id));

  app.put<IdParams>(one, async (request) =>
    updateWebhookEndpoint(ctx, (await admin(request)).id, request.params.id, parse(webhookEndpointRequest, request.body)),
  );

  app.delete<IdParams>(one, async (request, reply) => {
    await deleteWebhookEndpoint(ctx, (await admin(request)).id, request.params.id);
    return reply.code(204).send();
  });

  app.post<IdParams>(`${one}/rollsecret`, async (request) => rollWebhookSecret(ctx, (await admin(request)).id, request.params.id));

  app.post<IdParams>(`${one}/test`, async (request, reply) => {
    await sendTestEvent(ctx, await admin(request), request.params.id);
    return reply.code(202).send();
  });

  app.get<IdParams>(`${one}/deliveries`, async (request) => webhookDeliveries(ctx, (await admin(request)).id, request.params.id));

  app.post<{ Params: { id: string; deliveryId: string } }>(`${one}/deliveries/:deliveryId/resend`, async (request, reply) => {
    const org = await admin(request);
    const deliveryId = Number(request.params.deliveryId);
    if (!Number.isSafeInteger(deliveryId) || deliveryId < 1) throw new AppError('NOT_FOUND');
    await resendDelivery(ctx, org, request.params.id, deliveryId);
    return reply.code(202).send();
  });
}
