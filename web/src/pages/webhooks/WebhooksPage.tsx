import { webhooksApi as api } from '@gatehouse/common/api/webhooks';
import { AUDIT_EVENT_LABELS, type AuditEventType } from '@gatehouse/common/audit';
import { formatDateTime } from '@gatehouse/common/format';
import { ROUTES } from '@gatehouse/common/routes';
import type { WebhookEndpoint } from '@gatehouse/common/schemas/webhooks';
import { ALL_EVENTS, WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES as M } from '@gatehouse/common/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { useWebhookDeliveries, useWebhookEndpoints, webhookKeys } from '../../api/audit-queries.ts';
import { call, isApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { CopyField } from '../../components/CopyField.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { TextField } from '../../components/TextField.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

import '../../features/audit/audit.css';

const eventName = (type: string) => (type === 'webhook.test' ? 'Test event' : (AUDIT_EVENT_LABELS[type as AuditEventType] ?? type));
const SUBSCRIBABLE = WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test');

/** A secret shown once, with a button that copies it. */
function SecretOnce({ secret }: { secret: string }) {
  return (
    <Alert kind="success">
      <p>
        <strong>{M.secretHeading}</strong>: <CopyField value={secret} label={M.copy} name={M.secretHeading} className="webhook-secret" />
      </p>
      <p>{M.secretOnce}</p>
    </Alert>
  );
}

/** Adds an endpoint, or (given one) edits its address, description and events; its secret stays. */
function EndpointForm({
  endpoint,
  onAdded,
  onDone,
}: {
  endpoint?: WebhookEndpoint;
  onAdded?: (secret: string) => void;
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [all, setAll] = useState(endpoint ? endpoint.eventTypes.includes(ALL_EVENTS) : true);
  const [types, setTypes] = useState<string[]>(endpoint ? endpoint.eventTypes.filter((t) => t !== ALL_EVENTS) : []);
  const save = useMutation({
    mutationFn: async () => {
      const body = { url, description, eventTypes: all ? [ALL_EVENTS] : types };
      if (endpoint) {
        await call(api.update, { params: { id: endpoint.id }, body: { ...body, enabled: endpoint.enabled } });
        return null;
      }
      return (await call(api.create, { body })).secret;
    },
    onSuccess: (secret) => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      if (secret !== null) {
        setUrl('');
        setDescription('');
        setTypes([]);
        setAll(true);
        onAdded?.(secret);
      }
      onDone?.();
    },
  });
  const errors = isApiError(save.error) ? (save.error.body?.validation.errors ?? {}) : {};
  const submit = () => {
    if (!save.isPending) save.mutate();
  };
  const form = (
    <Form onSubmit={submit} aria-label={endpoint ? `${M.edit}: ${endpoint.url}` : undefined}>
      {/* A fault of a field shows at the field only, not a second time above the form. */}
      {save.isError && Object.keys(errors).length === 0 && <Alert kind="error">{save.error.message}</Alert>}
      <TextField label={M.url} type="url" required value={url} onChange={(e) => setUrl(e.target.value)} error={errors.url?.message} />
      <TextField
        label={M.description}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description?.message}
      />
      <fieldset className="webhook-events">
        <legend>{M.events}</legend>
        <Checkbox label={M.allEvents} checked={all} onChange={(e) => setAll(e.target.checked)} />
        {!all && (
          <div className="webhook-event-list">
            {SUBSCRIBABLE.map((type) => (
              <Checkbox
                key={type}
                label={eventName(type)}
                checked={types.includes(type)}
                onChange={(e) => setTypes(e.target.checked ? [...types, type] : types.filter((t) => t !== type))}
              />
            ))}
          </div>
        )}
        {errors.eventTypes && <p className="field-error">{errors.eventTypes.message}</p>}
      </fieldset>
      <div className="webhook-actions">
        <Button type="submit" busy={save.isPending}>
          {endpoint ? M.save : M.add}
        </Button>
        {endpoint && (
          <Button type="button" variant="secondary" onClick={onDone}>
            {M.cancel}
          </Button>
        )}
      </div>
    </Form>
  );
  return endpoint ? form : <Card title={M.addHeading}>{form}</Card>;
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: (deliveryId: number) => call(api.resend, { params: { id: endpoint.id, deliveryId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) }),
  });
  if (deliveries.isPending) return <Loader />;
  if (deliveries.isError) return <Alert kind="error">{deliveries.error.message}</Alert>;
  if (deliveries.data.length === 0) return <p role="status">{M.noDeliveries}</p>;
  return (
    <div className="audit-table-wrap">
      <table className="data-table audit-table">
        <caption>{`${M.deliveries}: ${endpoint.url}`}</caption>
        <thead>
          <tr>
            <th scope="col">{M.queuedAt}</th>
            <th scope="col">{M.event}</th>
            <th scope="col">{M.status}</th>
            <th scope="col">{M.attempts}</th>
            <th scope="col">{M.lastError}</th>
            <th scope="col">
              <span className="visually-hidden">{M.resend}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.map((delivery) => (
            <tr key={delivery.id}>
              <td data-label={M.queuedAt}>{formatDateTime(delivery.createdAt)}</td>
              <th scope="row" data-label={M.event}>
                {eventName(delivery.eventType)}
              </th>
              <td data-label={M.status}>
                {delivery.status}
                {delivery.status === 'sent' && delivery.deliveredAt ? ` (${formatDateTime(delivery.deliveredAt)})` : ''}
                {delivery.status === 'queued' && delivery.nextAttemptAt
                  ? ` (${M.nextAttempt} ${formatDateTime(delivery.nextAttemptAt)})`
                  : ''}
              </td>
              <td data-label={M.attempts}>{delivery.attempts}</td>
              <td data-label={M.lastError}>{delivery.lastError ?? ''}</td>
              <td>
                <Button type="button" variant="secondary" onClick={() => resend.mutate(delivery.id)} disabled={resend.isPending}>
                  {M.resend}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (secret: string) => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<'delete' | 'roll' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  const toggle = useMutation({
    mutationFn: () =>
      call(api.update, {
        params: { id: endpoint.id },
        body: { url: endpoint.url, description: endpoint.description, eventTypes: endpoint.eventTypes, enabled: !endpoint.enabled },
      }),
    onSuccess: refresh,
  });
  const test = useMutation({
    mutationFn: () => call(api.test, { params: { id: endpoint.id } }),
    onSuccess: () => {
      setNotice(M.testQueued);
      setOpen(true);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) });
    },
  });
  const roll = useMutation({
    mutationFn: () => call(api.rollSecret, { params: { id: endpoint.id } }),
    onSuccess: (rolled) => {
      setConfirming(null);
      onSecret(rolled.secret);
    },
  });
  const remove = useMutation({ mutationFn: () => call(api.delete, { params: { id: endpoint.id } }), onSuccess: refresh });
  const failed = [toggle, test, roll, remove].find((m) => m.isError)?.error;
  const events = endpoint.eventTypes.includes(ALL_EVENTS) ? M.allEvents : endpoint.eventTypes.map(eventName).join(', ');
  return (
    <section className="card webhook-endpoint" aria-label={endpoint.url}>
      {/* Under the page's h1: an h2 (an h3 here skipped a level). */}
      <h2 className="webhook-url">
        <code>{endpoint.url}</code>
      </h2>
      {endpoint.description && <p>{endpoint.description}</p>}
      <dl className="facts">
        <dt>{M.status}</dt>
        <dd>{endpoint.enabled ? M.enabled : M.disabled}</dd>
        <dt>{M.subscribed}</dt>
        <dd>{events}</dd>
      </dl>
      {editing && <EndpointForm endpoint={endpoint} onDone={() => setEditing(false)} />}
      {failed && <Alert kind="error">{failed.message}</Alert>}
      {notice && (
        <p role="status" className="field-hint">
          {notice}
        </p>
      )}
      <div className="webhook-actions">
        <Button type="button" onClick={() => test.mutate()} busy={test.isPending}>
          {M.sendTest}
        </Button>
        <Button type="button" variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? M.hideDeliveries : M.showDeliveries}
        </Button>
        <Button type="button" variant="secondary" onClick={() => toggle.mutate()} busy={toggle.isPending}>
          {endpoint.enabled ? M.disable : M.enable}
        </Button>
        {!editing && (
          <Button type="button" variant="secondary" onClick={() => setEditing(true)}>
            {M.edit}
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={() => setConfirming('roll')}>
          {M.rollSecret}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setConfirming('delete')}>
          {M.delete}
        </Button>
      </div>
      {open && <Deliveries endpoint={endpoint} />}
      <Dialog
        open={confirming !== null}
        header={confirming === 'delete' ? M.delete : M.rollSecret}
        text={confirming === 'delete' ? M.deleteConfirm : M.rollConfirm}
        affirmativeButtonText={confirming === 'delete' ? M.delete : M.rollSecret}
        important
        busy={remove.isPending || roll.isPending}
        onAffirm={() => (confirming === 'delete' ? remove.mutate() : roll.mutate())}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

/** /webhooks: the organisation's webhook endpoints, their deliveries, and a form to add one. */
export function WebhooksPage() {
  usePageTitle(ROUTES.webhooks.title);
  const endpoints = useWebhookEndpoints();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <>
      <div className="page-heading">
        <h1>{ROUTES.webhooks.title}</h1>
      </div>
      <p>{M.intro}</p>
      {secret && <SecretOnce secret={secret} />}
      {endpoints.isPending ? (
        <Loader />
      ) : endpoints.isError ? (
        <Alert kind="error">{endpoints.error.message}</Alert>
      ) : endpoints.data.length === 0 ? (
        <div className="card empty-state">
          <p>{M.none}</p>
        </div>
      ) : (
        endpoints.data.map((endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />)
      )}
      <EndpointForm onAdded={setSecret} />
    </>
  );
}
