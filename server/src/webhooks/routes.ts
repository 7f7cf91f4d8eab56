/** The webhook endpoints API (Organisation Admins), served from its declarations in common/src/api/webhooks.ts. */
import { webhooksApi as api } from '@gatehouse/common/api/webhooks';
import type { FastifyInstance } from 'fastify';

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
  serve(app, ctx, api.list, async (_, scope) => listWebhookEndpoints(ctx, scope));
  serve(app, ctx, api.create, async ({ body }, scope) => createWebhookEndpoint(ctx, scope, body));
  serve(app, ctx, api.get, async ({ params }, scope) => getWebhookEndpoint(ctx, scope, params.id));
  serve(app, ctx, api.update, async ({ params, body }, scope) => updateWebhookEndpoint(ctx, scope, params.id, body));
  serve(app, ctx, api.delete, async ({ params }, scope) => deleteWebhookEndpoint(ctx, scope, params.id));
  serve(app, ctx, api.rollSecret, async ({ params }, scope) => rollWebhookSecret(ctx, scope, params.id));
  serve(app, ctx, api.test, async ({ params }, scope) => sendTestEvent(ctx, scope, params.id));
  serve(app, ctx, api.deliveries, async ({ params }, scope) => webhookDeliveries(ctx, scope, params.id));
  serve(app, ctx, api.resend, async ({ params }, scope) => resendDelivery(ctx, scope, params.id, params.deliveryId));
}
