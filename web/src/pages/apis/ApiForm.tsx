import { API_LIMITS, API_MESSAGES as M } from '@gatehouse/common/apis';
import type { ValidationErrors } from '@gatehouse/common/errors';
import type { ProtectedApi } from '@gatehouse/common/schemas/apis';

import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/TextField.tsx';

export type ScopeRow = ProtectedApi['scopes'][number];

/** An API's settings as the forms hold them; the identifier only matters when it is registered. */
export interface ApiDraft {
  name: string;
  identifier: string;
  accessTokenTtl: string;
  scopes: ScopeRow[];
}

export const draftOf = (api?: ProtectedApi): ApiDraft => ({
  name: api?.name ?? '',
  identifier: api?.identifier ?? '',
  accessTokenTtl: String(api?.accessTokenTtl ?? API_LIMITS.ttlDefault),
  scopes: api?.scopes ?? [{ value: '', description: '' }],
});

/** The body the API takes: blank scope rows (the empty one at the end) left out. */
export const bodyOf = (draft: ApiDraft) => ({
  name: draft.name,
  accessTokenTtl: draft.accessTokenTtl,
  scopes: draft.scopes.filter((scope) => scope.value.trim() !== '' || scope.description.trim() !== ''),
});

/** Name, identifier (when new), token lifetime and the scopes, each with a description, added and removed in place. */
export function ApiFields({
  draft,
  onChange,
  errors,
  isNew,
}: {
  draft: ApiDraft;
  onChange: (draft: ApiDraft) => void;
  errors: ValidationErrors;
  isNew: boolean;
}) {
  const set = (patch: Partial<ApiDraft>) => onChange({ ...draft, ...patch });
  const setScope = (index: number, patch: Partial<ScopeRow>) =>
    set({ scopes: draft.scopes.map((scope, i) => (i === index ? { ...scope, ...patch } : scope)) });
  return (
    <>
      <TextField label={M.name} required value={draft.name} onChange={(e) => set({ name: e.target.value })} error={errors.name?.message} />
      {isNew && (
        <TextField
          label={M.identifier}
          type="url"
          required
          hint={M.identifierHint}
          value={draft.identifier}
          onChange={(e) => set({ identifier: e.target.value })}
          error={errors.identifier?.message}
          placeholder="https://api.example.com"
        />
      )}
      <TextField
        label={M.ttl}
        type="number"
        inputMode="numeric"
        min={API_LIMITS.ttlMin}
        max={API_LIMITS.ttlMax}
        hint={M.ttlHint}
        value={draft.accessTokenTtl}
        onChange={(e) => set({ accessTokenTtl: e.target.value })}
        error={errors.accessTokenTtl?.message}
      />
      <fieldset className="api-scopes">
        <legend>{M.scopes}</legend>
        {errors.scopes && <p className="field-error">{errors.scopes.message}</p>}
        {draft.scopes.map((scope, index) => (
          <div className="api-scope-row" key={index}>
            <TextField
              label={`${M.scopeValue} ${index + 1}`}
              value={scope.value}
              onChange={(e) => setScope(index, { value: e.target.value })}
              error={errors[`scopes.${index}.value`]?.message}
              placeholder="orders:read"
            />
            <TextField
              label={`${M.scopeDescription} ${index + 1}`}
              value={scope.description}
              onChange={(e) => setScope(index, { description: e.target.value })}
              error={errors[`scopes.${index}.description`]?.message}
            />
            <Button
              type="button"
              variant="secondary"
              aria-label={`${M.removeScope} ${scope.value || `${M.scopeValue} ${index + 1}`}`}
              onClick={() => set({ scopes: draft.scopes.filter((_, i) => i !== index) })}
            >
              {M.removeScope}
            </Button>
          </div>
        ))}
        {draft.scopes.length < API_LIMITS.scopesMax && (
          <Button type="button" variant="secondary" onClick={() => set({ scopes: [...draft.scopes, { value: '', description: '' }] })}>
            {M.addScope}
          </Button>
        )}
      </fieldset>
    </>
  );
}
