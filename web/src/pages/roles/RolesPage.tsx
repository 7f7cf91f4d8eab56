import { rolesApi } from '@gatehouse/common/api/roles';
import { ROLE_MESSAGES as M } from '@gatehouse/common/roles';
import { routePath, ROUTES } from '@gatehouse/common/routes';
import type { Role } from '@gatehouse/common/schemas/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { call } from '../../api/client.ts';
import { roleKeys, useRoles } from '../../api/role-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Loader } from '../../components/Loader.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { SearchField } from '../groups/Pager.tsx';
import { RoleForm, type RoleValues } from './RoleForm.tsx';

import '../groups/groups.css';
import './roles.css';

const rolePath = (id: string) => routePath('role', { id });

function AddRole() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: (values: RoleValues) => call(rolesApi.create, { body: values }),
    onSuccess: (role) => {
      void queryClient.invalidateQueries({ queryKey: roleKeys.all });
      void navigate(rolePath(role.id));
    },
  });
  return (
    <Card title={M.addHeading}>
      <RoleForm submitLabel={M.add} busy={create.isPending} onSave={(values) => create.mutateAsync(values)} />
    </Card>
  );
}

function RolesTable({ roles }: { roles: Role[] }) {
  return (
    <table className="data-table">
      <caption className="visually-hidden">{ROUTES.roles.title}</caption>
      <thead>
        <tr>
          <th scope="col">{M.name}</th>
          <th scope="col">{M.permissions}</th>
          <th scope="col">{M.people}</th>
          <th scope="col">{M.groups}</th>
        </tr>
      </thead>
      <tbody>
        {roles.map((role) => (
          <tr key={role.id}>
            <td data-label={M.name} className="groups-name">
              <Link to={rolePath(role.id)}>{role.name}</Link>
              {role.isDefault && <span className="roles-badge">{M.defaultBadge}</span>}
              {role.description && <span className="app-card-meta roles-description">{role.description}</span>}
            </td>
            <td data-label={M.permissions}>
              {role.permissions.length === 0 ? M.noPermissions : M.permissionCount(role.permissions.length)}
            </td>
            <td data-label={M.people}>{role.userCount}</td>
            <td data-label={M.groups}>{role.groupCount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /roles: the organisation's roles by name, searched as one types (an organisation has at most a few hundred), and a form to add one. */
export function RolesPage() {
  usePageTitle(ROUTES.roles.title);
  const searchId = useId();
  const [term, setTerm] = useState('');
  const roles = useRoles();
  const search = term.trim().toLowerCase();
  const shown = (roles.data ?? []).filter((role) => role.name.toLowerCase().includes(search));
  return (
    <div className="groups-stack">
      <div className="page-heading">
        <h1>{M.listHeading}</h1>
      </div>
      <p>{M.intro}</p>
      <SearchField id={searchId} label={M.searchLabel} placeholder={M.searchPlaceholder} value={term} onChange={setTerm} />
      {roles.isPending ? (
        <Loader />
      ) : roles.isError ? (
        <div>
          <Alert kind="error">{M.listFailed}</Alert>
          <Button variant="secondary" onClick={() => void roles.refetch()}>
            {M.retry}
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <p role="status">{search ? M.noMatches : M.none}</p>
      ) : (
        <RolesTable roles={shown} />
      )}
      <AddRole />
    </div>
  );
}
