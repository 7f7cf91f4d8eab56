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
import { ALL_EVENTS, WEBHOOK_LIMITS, WEBHOOK_MESSAGES, type WebhookEventType, webhookUrlProblem } from '@gatehouse/common/webhooks';

import { changedFields } from '../audit/changes.ts';
import type { AppContext } from '../context.ts';
import type { WebhookEndpointRow } from '../db/schema.ts';
import type { Unstamped } from '../db/scoped.ts';
import { boundOrganisation, type ScopedExecutor } from '../db/scoped.ts';
import { queueMessage } from '../delivery/outbox.ts';
import { emit } from '../events/events.ts';
import { AppError } from '../http/errors.ts';
import { forbiddenAddressOf } from '../outbound/ssrf.ts';
import { newWebhookSecret } from '../outbound/webhook-signing.ts';
import type { Scope } from '../scope/scope.ts';
import { sealSecret } from './secrets.ts';
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

function view(row: Unstamped<WebhookEndpointRow>): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: JSON.parse(row.event_types) as string[],
    enabled: row.enabled,
    createdAt: row.created_at,
  };
}

/** The address, if webhooks may send to it: a web address whose host resolves to no private, loopback or link-local address. */
async function checkedUrl(ctx: AppContext, url: string): Promise<string> {
  let problem = webhookUrlProblem(url, ctx.config.webhooksAllowPrivate);
  // The same guard as at delivery (outbound/ssrf.ts), so the admin learns it now rather than from failed deliveries.
  if (!problem && !ctx.config.webhooksAllowPrivate && (await forbiddenAddressOf(url))) problem = WEBHOOK_MESSAGES.privateAddress;
  if (problem) throw new AppError('VALIDATION_FAILED', { errors: { url: { message: problem } }, message: problem });
  return url;
}

/** '*' alone when it is chosen (it covers the rest); otherwise the types, once each. */
const normalisedTypes = (types: readonly string[]) => (types.includes(ALL_EVENTS) ? [ALL_EVENTS] : [...new Set(types)]);

export async function listWebhookEndpoints(ctx: AppContext, scope: Scope): Promise<WebhookEndpoint[]> {
  return (await listEndpoints(scope.db)).map(view);
}

export async function getWebhookEndpoint(ctx: AppContext, scope: Scope, id: string): Promise<WebhookEndpoint> {
  const row = await findEndpoint(scope.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return view(row);
}

export async function createWebhookEndpoint(
  ctx: AppContext,
  scope: Scope,
  input: WebhookEndpointRequest,
): Promise<WebhookEndpointWithSecret> {
  const organisationId = scope.organisation.id;
  const url = await checkedUrl(ctx, input.url);
  if ((await countEndpoints(scope.db)) >= WEBHOOK_LIMITS.endpointsMax) {
    throw new AppError('CONFLICT', { message: WEBHOOK_MESSAGES.tooMany });
  }
  const now = ctx.clock.now();
  const id = randomUUID();
  const secret = newWebhookSecret();
  const row: Unstamped<WebhookEndpointRow> = {
    id,
    url,
    description: input.description ?? '',
    event_types: JSON.stringify(normalisedTypes(input.eventTypes)),
    secret_encrypted: sealSecret(ctx, organisationId, id, secret),
    enabled: input.enabled ?? true,
    created_at: now,
    updated_at: now,
    failures: 0,
    circuit_open_until: null,
  };
  await scope.transaction(async (inner) => {
    await insertEndpoint(inner.db, row);
    await emit(ctx, inner.db, inner, {
      type: 'webhook.created',
      subject: { kind: 'webhook', id },
      details: { url, eventTypes: JSON.parse(row.event_types) },
    });
  });
  return { ...view(row), secret };
}

export async function updateWebhookEndpoint(
  ctx: AppContext,
  scope: Scope,
  id: string,
  input: WebhookEndpointRequest,
): Promise<WebhookEndpoint> {
  const url = await checkedUrl(ctx, input.url);
  const existing = await findEndpoint(scope.db, id);
  if (!existing) throw new AppError('NOT_FOUND');
  const changes = {
    url,
    description: input.description ?? '',
    event_types: JSON.stringify(normalisedTypes(input.eventTypes)),
    enabled: input.enabled ?? true,
  };
  await scope.transaction(async (inner) => {
    if (!(await updateEndpoint(inner.db, id, { ...changes, updated_at: ctx.clock.now() }))) throw new AppError('NOT_FOUND');
    const details = changedFields(existing, changes);
    if (Object.keys(details).length > 0)
      await emit(ctx, inner.db, inner, { type: 'webhook.updated', subject: { kind: 'webhook', id }, details });
  });
  return getWebhookEndpoint(ctx, scope, id);
}

/** A new signing secret, shown once; the old one stops signing at once. */
export async function rollWebhookSecret(ctx: AppContext, scope: Scope, id: string): Promise<WebhookEndpointWithSecret> {
  const organisationId = scope.organisation.id;
  const secret = newWebhookSecret();
  await scope.transaction(async (inner) => {
    const changed = await updateEndpoint(inner.db, id, {
      secret_encrypted: sealSecret(ctx, organisationId, id, secret),
      updated_at: ctx.clock.now(),
    });
    if (!changed) throw new AppError('NOT_FOUND');
    await emit(ctx, inner.db, inner, { type: 'webhook.secret_rolled', subject: { kind: 'webhook', id } });
  });
  return { ...(await getWebhookEndpoint(ctx, scope, id)), secret };
}

export async function deleteWebhookEndpoint(ctx: AppContext, scope: Scope, id: string): Promise<void> {
  await scope.transaction(async (inner) => {
    if (!(await deleteEndpoint(inner.db, id))) throw new AppError('NOT_FOUND');
    await emit(ctx, inner.db, inner, { type: 'webhook.deleted', subject: { kind: 'webhook', id } });
  });
}

export const subscribes = (endpoint: WebhookEndpointRow, type: WebhookEventType) => {
  const types = JSON.parse(endpoint.event_types) as string[];
  return types.includes(ALL_EVENTS) || types.includes(type);
};

/** The Standard Webhooks payload of an event. */
export function payload(type: WebhookEventType, at: number, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: new Date(at).toISOString(), data });
}

export async function queueDelivery(
  ctx: AppContext,
  endpointId: string,
  type: WebhookEventType,
  body: string,
  db: ScopedExecutor,
): Promise<void> {
  const message = {
    org: { id: boundOrganisation(db) },
    channel: 'webhook',
    kind: 'webhook',
    to: endpointId,
    subject: type,
    html: null,
    text: body,
  } as const;
  await queueMessage(ctx, message, db);
}

/** 'Send test event': a `webhook.test` event to this endpoint alone, whatever it subscribes to. */
export async function sendTestEvent(ctx: AppContext, scope: Scope, id: string): Promise<void> {
  const { organisation } = scope;
  const endpoint = await findEndpoint(scope.db, id);
  if (!endpoint) throw new AppError('NOT_FOUND');
  await queueDelivery(
    ctx,
    id,
    'webhook.test',
    payload('webhook.test', ctx.clock.now(), { endpointId: id, organisation: organisation.name }),
    scope.db,
  );
}

export async function webhookDeliveries(ctx: AppContext, scope: Scope, endpointId: string): Promise<WebhookDelivery[]> {
  await getWebhookEndpoint(ctx, scope, endpointId);
  const rows = await listDeliveries(scope.db, endpointId, DELIVERY_LOG_SIZE);
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
export async function resendDelivery(ctx: AppContext, scope: Scope, endpointId: string, deliveryId: number): Promise<void> {
  const delivery = await findDelivery(scope.db, endpointId, deliveryId);
  if (!delivery || delivery.body === null) throw new AppError('NOT_FOUND');
  await queueDelivery(ctx, endpointId, delivery.subject as WebhookEventType, delivery.body, scope.db);
}
