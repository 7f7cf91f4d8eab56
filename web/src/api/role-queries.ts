/** TanStack Query hooks and keys of the Roles screens, a group's roles and a person's effective access. */
import { rolesApi } from '@gatehouse/common/api/roles';
import { useQuery } from '@tanstack/react-query';

import { call, isApiError } from './client.ts';

export const roleKeys = {
  all: ['roles'] as const,
  list: ['roles', 'list'] as const,
  one: (id: string) => ['roles', 'one', id] as const,
  ofGroup: (groupId: string) => ['roles', 'group', groupId] as const,
  ofUser: (userId: string) => ['roles', 'user', userId] as const,
};

/** Every role of the organisation (at most ROLE_LIMITS.rolesMax): the list is searched in the browser. */
export function useRoles(enabled = true) {
  return useQuery({ queryKey: roleKeys.list, queryFn: () => call(rolesApi.list), enabled });
}

export function useRole(id: string) {
  return useQuery({
    queryKey: roleKeys.one(id),
    queryFn: () => call(rolesApi.get, { params: { id } }),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}

export function useGroupRoles(groupId: string) {
  return useQuery({ queryKey: roleKeys.ofGroup(groupId), queryFn: () => call(rolesApi.ofGroup, { params: { id: groupId } }) });
}

export function useUserAccess(userId: string) {
  return useQuery({ queryKey: roleKeys.ofUser(userId), queryFn: () => call(rolesApi.ofUser, { params: { id: userId } }) });
}
