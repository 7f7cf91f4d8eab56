import { connectionsApi as api } from '@gatehouse/common/api/connections';
import { CONNECTION_MESSAGES as M } from '@gatehouse/common/connection-messages';
import {
  CONNECTION_CALLBACK_PATH,
  CONNECTION_CLIENT_AUTH,
  CONNECTION_PRESET_LABELS,
  CONNECTION_PRESETS,
  type ConnectionClientAuth,
  type ConnectionPreset,
  DEFAULT_CLAIM_MAPPING,
  DEFAULT_SCOPES,
  presetIssuer,
} from '@gatehouse/common/connections';
import { ROUTES } from '@gatehouse/common/routes';
import { SAML_PRESET_LABELS } from '@gatehouse/common/saml-connections';
import type { Connection } from '@gatehouse/common/schemas/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { call } from '../../api/client.ts';
import { connectionKeys, useConnections } from '../../api/connection-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { CopyField } from '../../components/CopyField.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Select } from '../../components/Select.tsx';
import { TextField } from '../../components/TextField.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { ConnectionFormFrame, useSaveConnection } from './ConnectionFormFrame.tsx';
import { ConnectionPolicyFields, policyBody, policyOf } from './ConnectionPolicyFields.tsx';
import { SamlConnectionForm, SamlFacts } from './SamlConnection.tsx';

import './connections.css';

const PRESET_OPTIONS = CONNECTION_PRESETS.map((value) => ({ value, label: CONNECTION_PRESET_LABELS[value] }));
const CLIENT_AUTH_OPTIONS = CONNECTION_CLIENT_AUTH.map((value) => ({ value, label: M.clientAuthLabels[value] }));

/** What the preset's own field holds, recovered from a saved issuer (Entra's tenant id, Okta's domain). */
function presetValueOf(connection: Connection | undefined): string {
  if (!connection) return '';
  if (connection.preset === 'entra') return /login\.microsoftonline\.com\/([^/]+)\//.exec(connection.issuer)?.[1] ?? '';
  if (connection.preset === 'okta') return connection.issuer.replace(/^https:\/\//, '');
  return '';
}

/** Adds a connection, or (given one) edits it; an empty secret keeps the stored one. */
function ConnectionForm({ connection, onDone }: { connection?: Connection; onDone: (message: string) => void }) {
  const [preset, setPreset] = useState<ConnectionPreset>(connection?.preset ?? 'entra');
  const [presetValue, setPresetValue] = useState(presetValueOf(connection));
  const [issuer, setIssuer] = useState(connection?.issuer ?? '');
  const [name, setName] = useState(connection?.name ?? CONNECTION_PRESET_LABELS.entra);
  const [clientId, setClientId] = useState(connection?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [clientAuth, setClientAuth] = useState<ConnectionClientAuth>(connection?.clientAuth ?? 'client_secret_basic');
  const [policy, setPolicy] = useState(() => policyOf(connection));
  const [scopes, setScopes] = useState(connection?.scopes ?? DEFAULT_SCOPES);
  const [claims, setClaims] = useState({
    claimEmail: connection?.claimEmail ?? DEFAULT_CLAIM_MAPPING.email,
    claimFirstName: connection?.claimFirstName ?? DEFAULT_CLAIM_MAPPING.firstName,
    claimSurname: connection?.claimSurname ?? DEFAULT_CLAIM_MAPPING.surname,
    claimGroups: connection?.claimGroups ?? DEFAULT_CLAIM_MAPPING.groups,
  });
  const [presetError, setPresetError] = useState<string | null>(null);
  const effectiveIssuer = preset === 'custom' ? issuer : (presetIssuer(preset, presetValue) ?? '');

  const { save, errors, failure } = useSaveConnection(connection, onDone, async () => {
    const body = {
      kind: 'oidc' as const,
      preset,
      name,
      issuer: effectiveIssuer,
      clientId,
      clientSecret: clientAuth === 'private_key_jwt' ? '' : clientSecret,
      clientAuth,
      scopes,
      ...claims,
      ...policyBody(policy),
    };
    if (connection) await call(api.update, { params: { id: connection.id }, body });
    else await call(api.create, { body });
  });
  const errorOf = (field: string) =>
    errors[field]?.message ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1].message;
  const submit = () => {
    if (save.isPending) return;
    if (preset !== 'custom' && preset !== 'google' && !presetIssuer(preset, presetValue)) {
      setPresetError(preset === 'entra' ? M.tenantIdInvalid : M.oktaDomainInvalid);
      return;
    }
    setPresetError(null);
    save.mutate();
  };
  const choosePreset = (next: ConnectionPreset) => {
    if (!connection && name === CONNECTION_PRESET_LABELS[preset]) setName(next === 'custom' ? '' : CONNECTION_PRESET_LABELS[next]);
    setPreset(next);
    setPresetValue('');
    setPresetError(null);
  };

  return (
    <ConnectionFormFrame
      connection={connection}
      heading={M.addHeading}
      addLabel={M.add}
      busy={save.isPending}
      failure={failure}
      onSubmit={submit}
      onDone={onDone}
    >
      <Select
        label={M.provider}
        options={PRESET_OPTIONS}
        value={preset}
        onChange={(e) => choosePreset(e.target.value as ConnectionPreset)}
      />
      {preset === 'entra' && (
        <TextField
          label={M.tenantId}
          required
          value={presetValue}
          onChange={(e) => setPresetValue(e.target.value)}
          error={presetError ?? errorOf('issuer')}
        />
      )}
      {preset === 'okta' && (
        <TextField
          label={M.oktaDomain}
          required
          value={presetValue}
          onChange={(e) => setPresetValue(e.target.value)}
          error={presetError ?? errorOf('issuer')}
        />
      )}
      {preset === 'custom' ? (
        <TextField
          label={M.issuer}
          type="url"
          required
          hint={M.issuerHint}
          value={issuer}
          onChange={(e) => setIssuer(e.target.value)}
          error={errorOf('issuer')}
        />
      ) : (
        effectiveIssuer && (
          <p className="field-hint">
            {M.issuer}: <code>{effectiveIssuer}</code>
          </p>
        )
      )}
      <TextField label={M.name} required value={name} onChange={(e) => setName(e.target.value)} error={errorOf('name')} />
      <TextField
        label={M.clientId}
        required
        autoComplete="off"
        value={clientId}
        onChange={(e) => setClientId(e.target.value)}
        error={errorOf('clientId')}
      />
      <Select
        label={M.clientAuth}
        options={CLIENT_AUTH_OPTIONS}
        value={clientAuth}
        onChange={(e) => setClientAuth(e.target.value as ConnectionClientAuth)}
        hint={clientAuth === 'private_key_jwt' && !connection?.publicJwks ? M.keyMadeOnSave : undefined}
      />
      {clientAuth === 'client_secret_basic' && (
        <TextField
          label={M.clientSecret}
          type="password"
          autoComplete="new-password"
          hint={connection?.hasClientSecret ? M.secretKept : undefined}
          value={clientSecret}
          onChange={(e) => setClientSecret(e.target.value)}
          error={errorOf('clientSecret')}
        />
      )}
      <ConnectionPolicyFields policy={policy} onChange={setPolicy} errorOf={errorOf} />
      <details className="connection-advanced">
        <summary>{M.advanced}</summary>
        <TextField label={M.scopes} value={scopes} onChange={(e) => setScopes(e.target.value)} error={errorOf('scopes')} />
        {(['claimEmail', 'claimFirstName', 'claimSurname', 'claimGroups'] as const).map((field) => (
          <TextField
            key={field}
            label={M[field]}
            {...(field === 'claimGroups' ? { hint: M.claimGroupsHint } : {})}
            value={claims[field]}
            onChange={(e) => setClaims({ ...claims, [field]: e.target.value })}
            error={errorOf(field)}
          />
        ))}
      </details>
    </ConnectionFormFrame>
  );
}

function ConnectionCard({ connection, onNotice }: { connection: Connection; onNotice: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => call(api.delete, { params: { id: connection.id } }),
    onSuccess: () => {
      setConfirming(false);
      onNotice(M.deleted);
      void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
    },
  });
  return (
    <section className="card connection" aria-label={connection.name}>
      <h2>{connection.name}</h2>
      <dl className="facts">
        <dt>{M.provider}</dt>
        <dd>{(connection.kind === 'saml' ? SAML_PRESET_LABELS : CONNECTION_PRESET_LABELS)[connection.preset]}</dd>
        <dt>{M.issuer}</dt>
        <dd>
          <code>{connection.issuer}</code>
        </dd>
        <dt>{M.domainsLabel}</dt>
        <dd>{connection.emailDomains.join(', ') || '—'}</dd>
        <dt>{M.status}</dt>
        <dd>{connection.enabled ? M.enabled : M.disabled}</dd>
        <dt>{M.linkedUsers}</dt>
        <dd>{connection.linkedUsers}</dd>
      </dl>
      {connection.saml && <SamlFacts saml={connection.saml} />}
      {connection.clientAuth === 'private_key_jwt' && connection.jwksUrl && connection.publicJwks && (
        <div className="connection-keys">
          <p>
            {M.jwksUrl}: <CopyField value={connection.jwksUrl} name={`${M.jwksUrl}: ${connection.name}`} />
          </p>
          <details>
            <summary>{M.jwksPaste}</summary>
            <pre>
              <code>{connection.publicJwks}</code>
            </pre>
          </details>
        </div>
      )}
      {editing &&
        (connection.kind === 'saml' ? (
          <SamlConnectionForm
            connection={connection}
            onDone={(message) => {
              setEditing(false);
              if (message) onNotice(message);
            }}
          />
        ) : (
          <ConnectionForm
            connection={connection}
            onDone={(message) => {
              setEditing(false);
              if (message) onNotice(message);
            }}
          />
        ))}
      {remove.isError && <Alert kind="error">{remove.error.message}</Alert>}
      <div className="connection-actions">
        {!editing && (
          <Button type="button" variant="secondary" onClick={() => setEditing(true)} aria-label={`${M.edit}: ${connection.name}`}>
            {M.edit}
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={() => setConfirming(true)} aria-label={`${M.delete}: ${connection.name}`}>
          {M.delete}
        </Button>
      </div>
      <Dialog
        open={confirming}
        header={M.delete}
        text={M.confirmDelete(connection.name)}
        affirmativeButtonText={M.delete}
        important
        busy={remove.isPending}
        onAffirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

/** /connections: the organisation's sign-in connections to upstream identity providers, and a form to add one. */
export function ConnectionsPage() {
  usePageTitle(ROUTES.connections.title);
  const connections = useConnections();
  const [notice, setNotice] = useState<string | null>(null);
  // A fresh, empty form after each addition.
  const [added, setAdded] = useState(0);
  const callbackUrl = connections.data?.[0]?.callbackUrl ?? `${window.location.origin}${CONNECTION_CALLBACK_PATH}`;
  return (
    <>
      <div className="page-heading">
        <h1>{ROUTES.connections.title}</h1>
      </div>
      <p>{M.intro}</p>
      <p className="connection-callback">
        {M.callbackUrl}: <CopyField value={callbackUrl} name={M.callbackUrl} />
      </p>
      {notice && <Alert kind="success">{notice}</Alert>}
      {connections.isPending ? (
        <Loader />
      ) : connections.isError ? (
        <Alert kind="error">{connections.error.message}</Alert>
      ) : connections.data.length === 0 ? (
        <div className="card empty-state">
          <p>{M.none}</p>
        </div>
      ) : (
        connections.data.map((connection) => <ConnectionCard key={connection.id} connection={connection} onNotice={setNotice} />)
      )}
      <ConnectionForm
        key={added}
        onDone={(message) => {
          setNotice(message);
          setAdded((n) => n + 1);
        }}
      />
      <SamlConnectionForm
        key={`saml-${added}`}
        onDone={(message) => {
          setNotice(message);
          setAdded((n) => n + 1);
        }}
      />
    </>
  );
}
