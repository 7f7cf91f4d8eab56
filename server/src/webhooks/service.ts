/**
 * Webhook endpoints of an organisation (Organisation Admins register them) and the events sent to
 * them. An event becomes one outbox message per subscribed endpoint, delivered in the background with
 * retries (courier.ts): the request that caused it never waits for a receiver.
 */
import { randomUUID } from 'node:crypto';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointRequest,
  WebhookEndpointWithSecret,
} from '@gatehouse/common/schemas/webhooks';
import { ALL_EVENTS, WEBHOOK_LIMITS, WEBHOOK_MESSAGES, webhookUrlProblem, type WebhookEventType } from '@gatehouse/common/webhooks';
import type { AppContext } from '../context.ts';
import type { WebhookEndpointRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { queueMessage } from '../mail/service.ts';
import type { Organisation } from '../organisations/model.ts';
import { sealSecret } from './secrets.ts';
import { newWebhookSecret } from './signing.ts';
import {
  countEndpoints,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  updateEndpoint,
} from './store.ts';

const DELIVERY_LOG_SIZE = 50;

function view(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: JSON.parse(row.event_types) as string[],
    enabled: row.enabled,
    createdAt: row.created_at,
  };
}

function checkedUrl(ctx: AppContext, url: string): string {
  const problem = webhookUrlProblem(url, ctx.config.webhooksAllowPrivate);
  if (problem) throw new AppError('VALIDATION_FAILED', { errors: { url: { message: problem } }, message: problem });
  return url;
}

/** '*' alone when it is chosen (it covers the rest); otherwise the types, once each. */
const normalisedTypes = (types: readonly string[]) => (types.includes(ALL_EVENTS) ? [ALL_EVENTS] : [...new Set(types)]);

export async function listWebhookEndpoints(ctx: AppContext, organisationId: string): Promise<WebhookEndpoint[]> {
  return (await listEndpoints(ctx.db.kysely, organisationId)).map(view);
}

export async function getWebhookEndpoint(ctx: AppContext, organisationId: string, id: string): Promise<WebhookEndpoint> {
  const row = await findEndpoint(ctx.db.kysely, organisationId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return view(row);
}

export async function createWebhookEndpoint(
  ctx: AppContext,
  organisationId: string,
  input: WebhookEndpointRequest,
): Promise<WebhookEndpointWithSecret> {
  const url = checkedUrl(ctx, input.url);
  if ((await countEndpoints(ctx.db.kysely, organisationId)) >= WEBHOOK_LIMITS.endpointsMax) {
    throw new AppError('CONFLICT', { message: WEBHOOK_MESSAGES.tooMany });
  }
  const now = ctx.clock.now();
  const id = randomUUID();
  const secret = newWebhookSecret();
  const row: WebhookEndpointRow = {
    id,
    organisation_id: organisationId,
    url,
    description: input.description ?? '',
    event_types: JSON.stringify(normalisedTypes(input.eventTypes)),
    secret_encrypted: sealSecret(ctx, organisationId, id, secret),
    enabled: input.enabled ?? true,
    created_at: now,
    updated_at: now,
  };
  await insertEndpoint(ctx.db.kysely, row);
  return { ...view(row), secret };
}

export async function updateWebhookEndpoint(
  ctx: AppContext,
  organisationId: string,
  id: string,
  input: WebhookEndpointRequest,
): Promise<WebhookEndpoint> {
  const url = checkedUrl(ctx, input.url);
  const changed = await updateEndpoint(ctx.db.kysely, organisationId, id, {
    url,
    description: input.description ?? '',
    event_types: JSON.stringify(normalisedTypes(input.eventTypes)),
    enabled: input.enabled ?? true,
    updated_at: ctx.clock.now(),
  });
  if (!changed) throw new AppError('NOT_FOUND');
  return getWebhookEndpoint(ctx, organisationId, id);
}

/** A new signing secret, shown once; the old one stops signing at once. */
export async function rollWebhookSecret(ctx: AppContext, organisationId: string, id: string): Promise<WebhookEndpointWithSecret> {
  const secret = newWebhookSecret();
  const changed = await updateEndpoint(ctx.db.kysely, organisationId, id, {
    secret_encrypted: sealSecret(ctx, organisationId, id, secret),
    updated_at: ctx.clock.now(),
  });
  if (!changed) throw new AppError('NOT_FOUND');
  return { ...(await getWebhookEndpoint(ctx, organisationId, id)), secret };
}

export async function deleteWebhookEndpoint(ctx: AppContext, organisationId: string, id: string): Promise<void> {
  if (!(await deleteEndpoint(ctx.db.kysely, organisationId, id))) throw new AppError('NOT_FOUND');
}

const subscribes = (endpoint: WebhookEndpointRow, type: WebhookEventType) => {
  const types = JSON.parse(endpoint.event_types) as string[];
  return types.includes(ALL_EVENTS) || types.includes(type);
};

/** The Standard Webhooks payload of an event. */
function payload(type: WebhookEventType, at: number, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: new Date(at).toISOString(), data });
}

async function queueDelivery(ctx: AppContext, org: Organisation, endpointId: string, type: WebhookEventType, body: string): Promise<void> {
  await queueMessage(ctx, { org, channel: 'webhook', kind: 'webhook', to: endpointId, subject: type, html: null, text: body });
}

/** Sends an event to every enabled endpoint of the organisation subscribed to its type. */
export async function emitWebhookEvent(
  ctx: AppContext,
  org: Organisation,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<void> {
  const endpoints = (await listEndpoints(ctx.db.kysely, org.id)).filter((e) => e.enabled && subscribes(e, type));
  const body = payload(type, ctx.clock.now(), data);
  for (const endpoint of endpoints) await queueDelivery(ctx, org, endpoint.id, type, body);
}

/** 'Send test event': a `webhook.test` event to this endpoint alone, whatever it subscribes to. */
export async function sendTestEvent(ctx: AppContext, org: Organisation, id: string): Promise<void> {
  const endpoint = await findEndpoint(ctx.db.kysely, org.id, id);
  if (!endpoint) throw new AppError('NOT_FOUND');
  await queueDelivery(ctx, org, id, 'webhook.test', payload('webhook.test', ctx.clock.now(), { endpointId: id, organisation: org.name }));
}

export async function webhookDeliveries(ctx: AppContext, organisationId: string, endpointId: string): Promise<WebhookDelivery[]> {
  await getWebhookEndpoint(ctx, organisationId, endpointId);
  const rows = await listDeliveries(ctx.db.kysely, organisationId, endpointId, DELIVERY_LOG_SIZE);
  return rows.map((row) => ({
    id: row.id,
    eventType: row.subject,
    status: row.status === 'sent' ? 'sent' : row.status === 'failed' ? 'failed' : 'queued',
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    deliveredAt: row.sent_at,
    nextAttemptAt: row.status === 'queued' ? row.next_attempt_at : null,
  }));
}

/** 'Resend': the same payload again, as a new delivery with its own id and attempts. */
export async function resendDelivery(ctx: AppContext, org: Organisation, endpointId: string, deliveryId: number): Promise<void> {
  const delivery = await findDelivery(ctx.db.kysely, org.id, endpointId, deliveryId);
  if (!delivery || delivery.body === null) throw new AppError('NOT_FOUND');
  await queueDelivery(ctx, org, endpointId, delivery.subject as WebhookEventType, delivery.body);
}
