import { rolesApi } from '@gatehouse/common/api/roles';
import { ROLE_MESSAGES as M } from '@gatehouse/common/roles';
import { routePath } from '@gatehouse/common/routes';
import type { Group } from '@gatehouse/common/schemas/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';

import { call } from '../../api/client.ts';
import { roleKeys, useGroupRoles } from '../../api/role-queries.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Alert } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';
import { Loader } from '../../components/Loader.tsx';
import { useActionFeedback } from '../../features/feedback/feedback.ts';
import { GiveRoleForm, TakeAwayRole } from '../../features/roles/GiveRoleForm.tsx';

import '../roles/roles.css';

/**
 * The roles a group gives its members, given and taken away here. Roles are Gatehouse's own, so a group
 * a SCIM provider owns takes them too.
 */
export function GroupRoles({ group }: { group: Group }) {
  const queryClient = useQueryClient();
  const roles = useGroupRoles(group.id);
  const feedback = useActionFeedback();
  const changed = () => void queryClient.invalidateQueries({ queryKey: roleKeys.all });
  const give = useMutation({
    mutationFn: (roleId: string) => call(rolesApi.giveToGroup, { params: { id: group.id, roleId } }),
    onMutate: () => feedback.start(),
    onSuccess: (updated) => {
      queryClient.setQueryData(roleKeys.ofGroup(group.id), updated);
      changed();
      feedback.succeed(M.roleGiven);
    },
  });
  const take = useMutation({
    mutationFn: (roleId: string) => call(rolesApi.takeFromGroup, { params: { id: group.id, roleId } }),
    onMutate: () => feedback.start(),
    onSuccess: () => {
      changed();
      feedback.succeed(M.roleTaken);
    },
  });
  return (
    <Card title={M.rolesHeading}>
      <p>{M.groupRolesIntro}</p>
      <ActionStatus message={feedback.message} focus />
      {take.isError && <Alert kind="error">{take.error.message}</Alert>}
      {roles.isPending ? (
        <Loader />
      ) : roles.isError ? (
        <Alert kind="error">{roles.error.message}</Alert>
      ) : roles.data.length === 0 ? (
        <p>{M.noRolesOfGroup}</p>
      ) : (
        <ul className="roles-list">
          {roles.data.map((role) => (
            <li key={role.id}>
              <Link to={routePath('role', { id: role.id })} className="roles-name">
                {role.name}
              </Link>
              <TakeAwayRole role={role} take={take} />
            </li>
          ))}
        </ul>
      )}
      {roles.isSuccess && (
        <GiveRoleForm
          given={new Set(roles.data.map((role) => role.id))}
          busy={give.isPending}
          error={give.isError ? give.error.message : null}
          onGive={(roleId) => give.mutate(roleId)}
        />
      )}
    </Card>
  );
}
