/** The SAML 2.0 parts of the Sign-in connections screen: the form, and what a SAML connection shows. */
import { connectionsApi as api } from '@gatehouse/common/api/connections';
import { CONNECTION_MESSAGES as M, SAML_MESSAGES as S } from '@gatehouse/common/connection-messages';
import { CONNECTION_PRESETS, type ConnectionPreset } from '@gatehouse/common/connections';
import { SAML_DEFAULT_ATTRIBUTES, SAML_PRESET_LABELS } from '@gatehouse/common/saml-connections';
import type { Connection } from '@gatehouse/common/schemas/connections';
import type { SamlDetails } from '@gatehouse/common/schemas/saml-details';
import { useState } from 'react';

import { call } from '../../api/client.ts';
import { CopyField } from '../../components/CopyField.tsx';
import { Select } from '../../components/Select.tsx';
import { TextArea } from '../../components/TextArea.tsx';
import { TextField } from '../../components/TextField.tsx';
import { ConnectionFormFrame, useSaveConnection } from './ConnectionFormFrame.tsx';
import { ConnectionPolicyFields, policyBody, policyOf } from './ConnectionPolicyFields.tsx';

const PRESET_OPTIONS = CONNECTION_PRESETS.map((value) => ({ value, label: SAML_PRESET_LABELS[value] }));

/** Adds a SAML connection, or (given one) edits it; its metadata is read again on each save. */
export function SamlConnectionForm({ connection, onDone }: { connection?: Connection; onDone: (message: string) => void }) {
  const [preset, setPreset] = useState<ConnectionPreset>(connection?.preset ?? 'entra');
  const [name, setName] = useState(connection?.name ?? '');
  const [metadataUrl, setMetadataUrl] = useState(connection?.saml?.idpMetadataUrl ?? '');
  const [metadataXml, setMetadataXml] = useState('');
  const [policy, setPolicy] = useState(() => policyOf(connection));
  const [attributes, setAttributes] = useState({
    attributeEmail: connection?.claimEmail ?? '',
    attributeFirstName: connection?.claimFirstName ?? '',
    attributeSurname: connection?.claimSurname ?? '',
    attributeGroups: connection?.claimGroups ?? '',
  });
  const defaults = SAML_DEFAULT_ATTRIBUTES[preset];
  const { save, errors, failure } = useSaveConnection(connection, onDone, async () => {
    const body = {
      preset,
      name,
      metadataUrl,
      metadataXml,
      ...attributes,
      ...policyBody(policy),
    };
    if (connection) await call(api.updateSaml, { params: { id: connection.id }, body });
    else await call(api.createSaml, { body });
  });
  const errorOf = (field: string) => errors[field]?.message;
  return (
    <ConnectionFormFrame
      connection={connection}
      heading={S.addHeading}
      addLabel={S.add}
      busy={save.isPending}
      failure={failure}
      onSubmit={() => {
        if (!save.isPending) save.mutate();
      }}
      onDone={onDone}
    >
      <Select label={M.provider} options={PRESET_OPTIONS} value={preset} onChange={(e) => setPreset(e.target.value as ConnectionPreset)} />
      <TextField label={M.name} required value={name} onChange={(e) => setName(e.target.value)} error={errorOf('name')} />
      <TextField
        label={S.metadataUrl}
        type="url"
        hint={S.metadataHint}
        value={metadataUrl}
        onChange={(e) => setMetadataUrl(e.target.value)}
        error={errorOf('metadataUrl')}
      />
      <TextArea
        label={S.metadataXml}
        rows={4}
        value={metadataXml}
        onChange={(e) => setMetadataXml(e.target.value)}
        error={errorOf('metadataXml')}
      />
      <ConnectionPolicyFields policy={policy} onChange={setPolicy} errorOf={errorOf} />
      <details className="connection-advanced">
        <summary>{M.advanced}</summary>
        {(
          [
            ['attributeEmail', defaults.email],
            ['attributeFirstName', defaults.firstName],
            ['attributeSurname', defaults.surname],
            ['attributeGroups', defaults.groups],
          ] as const
        ).map(([field, fallback]) => (
          <TextField
            key={field}
            label={S[field]}
            placeholder={fallback}
            value={attributes[field]}
            onChange={(e) => setAttributes({ ...attributes, [field]: e.target.value })}
            error={errorOf(field)}
          />
        ))}
      </details>
    </ConnectionFormFrame>
  );
}

/** The values to give the IdP (with Copy buttons) and what its metadata said. */
export function SamlFacts({ saml }: { saml: SamlDetails }) {
  return (
    <>
      <h3>{S.spHeading}</h3>
      <dl className="facts">
        <dt>{S.entityId}</dt>
        <dd>
          <CopyField value={saml.entityId} name={S.entityId} />
        </dd>
        <dt>{S.acsUrl}</dt>
        <dd>
          <CopyField value={saml.acsUrl} name={S.acsUrl} />
        </dd>
        <dt>{S.spMetadataUrl}</dt>
        <dd>
          <CopyField value={saml.metadataUrl} name={S.spMetadataUrl} />
        </dd>
      </dl>
      <h3>{S.idpHeading}</h3>
      <dl className="facts">
        <dt>{S.idpEntityId}</dt>
        <dd>
          <code>{saml.idpEntityId}</code>
        </dd>
        <dt>{S.ssoUrl}</dt>
        <dd>
          <code>{saml.ssoUrl}</code>
        </dd>
        <dt>{S.certificates}</dt>
        <dd>
          <ul>
            {saml.certificates.map((c) => (
              <li key={c.fingerprint}>{S.certificateLine(c.subject, c.notAfter.slice(0, 10), c.fingerprint)}</li>
            ))}
          </ul>
        </dd>
      </dl>
    </>
  );
}
