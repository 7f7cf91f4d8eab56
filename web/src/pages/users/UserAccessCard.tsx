import { rolesApi } from '@gatehouse/common/api/roles';
import { ROLE_MESSAGES as M } from '@gatehouse/common/roles';
import { routePath } from '@gatehouse/common/routes';
import type { EffectiveAccess, RoleSource } from '@gatehouse/common/schemas/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';

import { call } from '../../api/client.ts';
import { roleKeys, useUserAccess } from '../../api/role-queries.ts';
import { useSignedInUser } from '../../app/app-session.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Alert } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';
import { Loader } from '../../components/Loader.tsx';
import { useActionFeedback } from '../../features/feedback/feedback.ts';
import { GiveRoleForm, TakeAwayRole } from '../../features/roles/GiveRoleForm.tsx';

import '../roles/roles.css';

type GroupSource = EffectiveAccess['groups'][number]['source'];

/** Where a role comes from; a group is a link for those who may open it (Organisation Admins). */
function RoleSourceText({ source, links }: { source: RoleSource; links: boolean }) {
  if (source.kind === 'direct') return <>{M.sourceDirect}</>;
  if (!links) return <>{M.sourceGroup(source.group)}</>;
  return <Link to={routePath('group', { id: source.groupId })}>{M.sourceGroup(source.group)}</Link>;
}

const groupSourceText = (source: GroupSource) => (source.kind === 'scim' ? M.groupSourceScim(source.application) : M.groupSourceGatehouse);

/**
 * A person's effective access on their page: each role with where it comes from (given directly, or
 * through a group), and their groups with who keeps the membership. Organisation Admins give roles and
 * take away those given directly; a role through a group goes with the membership.
 */
export function UserAccessCard({ userId }: { userId: string }) {
  const { user: me } = useSignedInUser();
  const orgAdmin = me.role === 'OrganisationAdministrator';
  const queryClient = useQueryClient();
  const access = useUserAccess(userId);
  const feedback = useActionFeedback();
  const give = useMutation({
    mutationFn: (roleId: string) => call(rolesApi.giveToUser, { params: { id: userId, roleId } }),
    onMutate: () => feedback.start(),
    onSuccess: (updated) => {
      queryClient.setQueryData(roleKeys.ofUser(userId), updated);
      void queryClient.invalidateQueries({ queryKey: roleKeys.list });
      feedback.succeed(M.roleGiven);
    },
  });
  const take = useMutation({
    mutationFn: (roleId: string) => call(rolesApi.takeFromUser, { params: { id: userId, roleId } }),
    onMutate: () => feedback.start(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: roleKeys.ofUser(userId) });
      void queryClient.invalidateQueries({ queryKey: roleKeys.list });
      feedback.succeed(M.roleTaken);
    },
  });
  const data = access.data;
  return (
    <Card title={M.effectiveHeading}>
      <p>{M.effectiveIntro}</p>
      <ActionStatus message={feedback.message} focus />
      {take.isError && <Alert kind="error">{take.error.message}</Alert>}
      {access.isPending ? (
        <Loader />
      ) : access.isError ? (
        <Alert kind="error">{M.accessFailed}</Alert>
      ) : (
        <>
          <h3>{M.rolesHeading}</h3>
          {data!.roles.length === 0 ? (
            <p>{M.noRolesOfPerson}</p>
          ) : (
            <ul className="roles-list">
              {data!.roles.map((role) => (
                <li key={role.id}>
                  <div>
                    {orgAdmin ? (
                      <Link to={routePath('role', { id: role.id })} className="roles-name">
                        {role.name}
                      </Link>
                    ) : (
                      <span className="roles-name">{role.name}</span>
                    )}
                    <ul className="roles-sources app-card-meta" aria-label={M.source}>
                      {role.sources.map((source) => (
                        <li key={source.kind === 'group' ? source.groupId : 'direct'}>
                          <RoleSourceText source={source} links={orgAdmin} />
                        </li>
                      ))}
                    </ul>
                  </div>
                  {orgAdmin && role.sources.some((source) => source.kind === 'direct') && <TakeAwayRole role={role} take={take} />}
                </li>
              ))}
            </ul>
          )}
          {orgAdmin ? (
            <GiveRoleForm
              given={new Set(data!.roles.filter((role) => role.sources.some((s) => s.kind === 'direct')).map((role) => role.id))}
              busy={give.isPending}
              error={give.isError ? give.error.message : null}
              onGive={(roleId) => give.mutate(roleId)}
            />
          ) : (
            <p className="field-hint">{M.onlyAdminsGive}</p>
          )}
          <h3>{M.groupsOfPerson}</h3>
          {data!.groups.length === 0 ? (
            <p>{M.noGroupsOfPerson}</p>
          ) : (
            <ul className="roles-list">
              {data!.groups.map((group) => (
                <li key={group.id}>
                  <div>
                    {orgAdmin ? (
                      <Link to={routePath('group', { id: group.id })} className="roles-name">
                        {group.name}
                      </Link>
                    ) : (
                      <span className="roles-name">{group.name}</span>
                    )}
                    <span className="app-card-meta roles-description">{groupSourceText(group.source)}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
