/** The fields both connection forms (OpenID Connect and SAML) share: which domains, and what a sign-in through it may do. */
import { CONNECTION_MESSAGES as M } from '@gatehouse/common/connection-messages';
import type { Connection } from '@gatehouse/common/schemas/connections';

import { Checkbox } from '../../components/Checkbox.tsx';
import { TextField } from '../../components/TextField.tsx';

/** The policy fields as the form holds them: the domains as typed. */
export interface ConnectionPolicy {
  domains: string;
  showButton: boolean;
  jitEnabled: boolean;
  jitDomains: string;
  linkExisting: boolean;
  trustMfa: boolean;
  allowPassword: boolean;
  enabled: boolean;
}

/** A saved connection's policy, or a new one's defaults. */
export function policyOf(connection: Connection | undefined): ConnectionPolicy {
  return {
    domains: connection?.emailDomains.join(', ') ?? '',
    showButton: connection?.showButton ?? true,
    jitEnabled: connection?.jitEnabled ?? false,
    jitDomains: connection?.jitDomains.join(', ') ?? '',
    linkExisting: connection?.linkExisting ?? false,
    trustMfa: connection?.trustMfa ?? false,
    allowPassword: connection?.allowPassword ?? false,
    enabled: connection?.enabled ?? true,
  };
}

const splitDomains = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);

/** The policy as a request sends it; the just-in-time domains only while just-in-time accounts are on. */
export function policyBody({ domains, jitDomains, ...policy }: ConnectionPolicy) {
  return {
    emailDomains: splitDomains(domains),
    showButton: policy.showButton,
    jitEnabled: policy.jitEnabled,
    jitDomains: policy.jitEnabled ? splitDomains(jitDomains) : [],
    linkExisting: policy.linkExisting,
    trustMfa: policy.trustMfa,
    allowPassword: policy.allowPassword,
    enabled: policy.enabled,
  };
}

type Flag = 'showButton' | 'jitEnabled' | 'linkExisting' | 'trustMfa' | 'allowPassword' | 'enabled';

export function ConnectionPolicyFields({
  policy,
  onChange,
  errorOf,
}: {
  policy: ConnectionPolicy;
  onChange: (policy: ConnectionPolicy) => void;
  errorOf: (field: string) => string | undefined;
}) {
  const flag = (field: Flag) => (
    <Checkbox label={M[field]} checked={policy[field]} onChange={(e) => onChange({ ...policy, [field]: e.target.checked })} />
  );
  return (
    <>
      <TextField
        label={M.emailDomains}
        hint={M.domainsHint}
        value={policy.domains}
        onChange={(e) => onChange({ ...policy, domains: e.target.value })}
        error={errorOf('emailDomains')}
      />
      {flag('showButton')}
      {flag('jitEnabled')}
      {policy.jitEnabled && (
        <TextField
          label={M.jitDomains}
          hint={M.domainsHint}
          value={policy.jitDomains}
          onChange={(e) => onChange({ ...policy, jitDomains: e.target.value })}
          error={errorOf('jitDomains')}
        />
      )}
      {flag('linkExisting')}
      {flag('trustMfa')}
      {flag('allowPassword')}
      {flag('enabled')}
    </>
  );
}
