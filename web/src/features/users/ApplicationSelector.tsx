import { MESSAGES } from '@gatehouse/common/messages';
import { isAdminRole, type Role } from '@gatehouse/common/policy';
import type { Account } from '@gatehouse/common/schemas/account';
import { type Control, type FieldPath, type FieldValues, useController, useWatch } from 'react-hook-form';

import { ApplicationLogo } from '../applications/ApplicationLogo.tsx';

import './users.css';

interface ApplicationSelectorProps {
  legend: string;
  applications: Account['clients'];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Administrators open every application whatever is ticked: said beside the tiles. */
  adminRole: boolean;
  error?: string | undefined;
}

/** The application tile selector of the user screens: one checkbox tile per application of the organisation. */
export function ApplicationSelector({ legend, applications, value, onChange, adminRole, error }: ApplicationSelectorProps) {
  const chosen = new Set(value);
  const toggle = (id: string, on: boolean) => onChange(applications.map((a) => a.id).filter((a) => (a === id ? on : chosen.has(a))));
  return (
    <fieldset className={`field app-selector${error ? ' field-invalid' : ''}`}>
      <legend>{legend}</legend>
      {adminRole && <p className="field-hint">{MESSAGES.adminsAccessAll}</p>}
      {applications.length === 0 ? (
        <p className="field-hint">{MESSAGES.noApplications}</p>
      ) : (
        <ul className="app-selector-tiles">
          {applications.map((app) => (
            <li key={app.id}>
              <label className={`app-selector-tile${chosen.has(app.id) ? ' app-selector-tile-chosen' : ''}`}>
                <input type="checkbox" checked={chosen.has(app.id)} onChange={(event) => toggle(app.id, event.target.checked)} />
                <ApplicationLogo app={app} />
                <span>{app.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

/** The fields of the add and edit user forms that the application selector reads. */
type AccessFields = FieldValues & { role?: Role | undefined; clients?: unknown };

/**
 * The application selector bound to a user form's `clients`, with the administrators' note shown while
 * the form's `role` is an administrator role.
 */
export function ApplicationsField<T extends AccessFields, U>({
  control,
  legend,
  applications,
  error,
}: {
  control: Control<T, unknown, U>;
  legend: string;
  applications: Account['clients'];
  error?: string | undefined;
}) {
  const { field } = useController({ control, name: 'clients' as FieldPath<T> });
  const role = useWatch({ control, name: 'role' as FieldPath<T> }) as Role | undefined;
  return (
    <ApplicationSelector
      legend={legend}
      applications={applications}
      value={(field.value as string[] | undefined) ?? []}
      onChange={field.onChange}
      adminRole={role !== undefined && isAdminRole(role)}
      error={error}
    />
  );
}
