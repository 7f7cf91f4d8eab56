/** The webhook endpoints API (Organisation Admins), served from its declarations in common/src/api/webhooks.ts. */
import type { FastifyInstance } from 'fastify';
import { webhooksApi as api } from '@gatehouse/common/api/webhooks';
import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
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

export function webhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.list, async (_, { org }) => listWebhookEndpoints(ctx, org.id));
  serve(app, ctx, api.create, async ({ body }, { org }) => createWebhookEndpoint(ctx, org.id, body));
  serve(app, ctx, api.get, async ({ params }, { org }) => getWebhookEndpoint(ctx, org.id, params.id));
  serve(app, ctx, api.update, async ({ params, body }, { org }) => updateWebhookEndpoint(ctx, org.id, params.id, body));
  serve(app, ctx, api.delete, async ({ params }, { org }) => deleteWebhookEndpoint(ctx, org.id, params.id));
  serve(app, ctx, api.rollSecret, async ({ params }, { org }) => rollWebhookSecret(ctx, org.id, params.id));
  serve(app, ctx, api.test, async ({ params }, { org }) => sendTestEvent(ctx, org, params.id));
  serve(app, ctx, api.deliveries, async ({ params }, { org }) => webhookDeliveries(ctx, org.id, params.id));
  serve(app, ctx, api.resend, async ({ params }, { org }) => resendDelivery(ctx, org, params.id, params.deliveryId));
}
