import { rolesApi } from '@gatehouse/common/api/roles';
import { ROLE_MESSAGES as M } from '@gatehouse/common/roles';
import { matchRoute, ROUTES } from '@gatehouse/common/routes';
import type { Role } from '@gatehouse/common/schemas/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { call } from '../../api/client.ts';
import { roleKeys, useRole } from '../../api/role-queries.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { Loader } from '../../components/Loader.tsx';
import { useActionFeedback } from '../../features/feedback/feedback.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { RoleForm, type RoleValues } from './RoleForm.tsx';

import '../groups/groups.css';
import './roles.css';

/** The role's settings, changed here, and its deletion behind a confirmation. */
function RoleSettings({ role }: { role: Role }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const feedback = useActionFeedback();
  const save = useMutation({
    mutationFn: (values: RoleValues) => call(rolesApi.update, { params: { id: role.id }, body: values }),
    onMutate: () => feedback.start(),
    onSuccess: (updated) => {
      queryClient.setQueryData(roleKeys.one(role.id), updated);
      void queryClient.invalidateQueries({ queryKey: roleKeys.list });
      feedback.succeed(M.saved);
    },
  });
  const remove = useMutation({
    mutationFn: () => call(rolesApi.delete, { params: { id: role.id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: roleKeys.one(role.id) });
      void queryClient.invalidateQueries({ queryKey: roleKeys.all });
      void navigate(ROUTES.roles.path);
    },
  });
  return (
    <Card title={M.settingsHeading}>
      <RoleForm
        role={role}
        submitLabel={M.save}
        busy={save.isPending}
        onSave={(values) => save.mutateAsync(values)}
        actions={
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {M.delete}
          </Button>
        }
        status={<ActionStatus message={feedback.message} />}
      />
      <ConfirmDelete
        open={confirming}
        header={M.deleteHeader}
        text={M.deleteConfirm}
        button={M.delete}
        deletion={remove}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

/** /roles/:id: a role's name, description, permissions and whether new people get it. */
export function RolePage() {
  const id = matchRoute(useLocation().pathname)?.params.id ?? '';
  const role = useRole(id);
  usePageTitle(role.data?.name ?? ROUTES.role.title);
  if (role.isPending) return <Loader />;
  if (role.isError) return <Alert kind="error">{role.error.message}</Alert>;
  return (
    <div className="groups-stack">
      <p>
        <Link to={ROUTES.roles.path}>{M.back}</Link>
      </p>
      <div className="page-heading">
        <h1 className="groups-name">{role.data.name}</h1>
      </div>
      {role.data.description && <p className="roles-description">{role.data.description}</p>}
      <RoleSettings key={role.data.id} role={role.data} />
    </div>
  );
}
