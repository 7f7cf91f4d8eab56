import { permissionKey, ROLE_LIMITS, ROLE_MESSAGES as M } from '@gatehouse/common/roles';
import type { ProtectedApi as Api } from '@gatehouse/common/schemas/apis';
import { type Permission, type Role, type RoleRequest, roleRequest } from '@gatehouse/common/schemas/roles';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId } from 'react';
import { type Control, useController, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { useApis } from '../../api/api-queries.ts';
import { isApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { TextArea } from '../../components/TextArea.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';

export type RoleValues = z.output<typeof roleRequest>;
const FIELDS = ['name', 'description', 'permissions', 'isDefault'] as const;

export const roleValues = (role?: Role): RoleRequest => ({
  name: role?.name ?? '',
  description: role?.description ?? '',
  permissions: role?.permissions.map(({ apiId, scope }) => ({ apiId, scope })) ?? [],
  isDefault: role?.isDefault ?? false,
});

/**
 * The scopes of the organisation's own APIs as checkboxes, one group per API. The built-in management
 * API is left out: its scopes are for applications' tokens, not people's.
 */
function PermissionsField({ control, apis, error }: { control: Control<RoleRequest, unknown, RoleValues>; apis: Api[]; error?: string }) {
  const { field } = useController({ control, name: 'permissions' });
  const value: Permission[] = field.value ?? [];
  const held = new Set(value.map((p) => permissionKey(p.apiId, p.scope)));
  const toggle = (permission: Permission, on: boolean) =>
    field.onChange(
      on
        ? [...value, permission]
        : value.filter((p) => permissionKey(p.apiId, p.scope) !== permissionKey(permission.apiId, permission.scope)),
    );
  return (
    <fieldset className={`field roles-permissions${error ? ' field-invalid' : ''}`}>
      <legend>{M.permissions}</legend>
      <p className="field-hint">{M.permissionsHint}</p>
      {apis.length === 0 ? (
        <p className="field-hint">{M.noApis}</p>
      ) : (
        apis.map((api) => (
          <fieldset key={api.id} className="roles-api">
            <legend className="roles-name">{M.apiScopes(api.name, api.identifier)}</legend>
            {api.scopes.length === 0 ? (
              <p className="field-hint">{M.noScopes}</p>
            ) : (
              api.scopes.map((s) => (
                <Checkbox
                  key={s.value}
                  label={s.description ? `${s.value}: ${s.description}` : s.value}
                  checked={held.has(permissionKey(api.id, s.value))}
                  onChange={(event) => toggle({ apiId: api.id, scope: s.value }, event.target.checked)}
                />
              ))
            )}
          </fieldset>
        ))
      )}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

/**
 * A role's name, description, permissions and default switch, checked with the shared schema before it
 * is sent. A refusal of the server (a name taken, a permission that is no scope of this organisation's
 * APIs) shows at its field.
 */
export function RoleForm({
  role,
  submitLabel,
  busy,
  onSave,
  actions,
  status,
}: {
  role?: Role;
  submitLabel: string;
  busy: boolean;
  /** Sends the values; rejects with the server's error, which the form places. */
  onSave: (values: RoleValues) => Promise<unknown>;
  actions?: ReactNode;
  status?: ReactNode;
}) {
  const apis = useApis();
  const hintId = useId();
  const form = useForm<RoleRequest, unknown, RoleValues>({ resolver: zodResolver(roleRequest), defaultValues: roleValues(role) });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const submit = useFormSubmit(form, async (values) => {
    setFormError(null);
    try {
      await onSave(values);
      if (!role) form.reset(roleValues());
    } catch (error) {
      // A permission refused by the server comes back at its index (`permissions.2`): said at the field.
      const refused =
        isApiError(error) && Object.entries(error.body?.validation.errors ?? {}).find(([key]) => key.startsWith('permissions.'));
      if (refused) form.setError('permissions', { type: 'server', message: refused[1].message });
      else applyServerError(error);
    }
  });
  const { errors } = form.formState;
  if (apis.isPending) return <Loader />;
  const permissionError = errors.permissions?.message ?? errors.permissions?.root?.message;
  return (
    <Form onSubmit={submit}>
      {apis.isError && <Alert kind="error">{apis.error.message}</Alert>}
      {formError && <Alert kind="error">{formError}</Alert>}
      <TextField
        label={M.name}
        maxLength={ROLE_LIMITS.nameMax}
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextArea
        label={M.description}
        maxLength={ROLE_LIMITS.descriptionMax}
        rows={2}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <PermissionsField control={form.control} apis={(apis.data ?? []).filter((api) => !api.builtIn)} error={permissionError} />
      <Checkbox label={M.isDefault} aria-describedby={hintId} {...form.register('isDefault')} />
      <p id={hintId} className="field-hint">
        {M.isDefaultHint}
      </p>
      <div className="groups-actions">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {actions}
        {status}
      </div>
    </Form>
  );
}
