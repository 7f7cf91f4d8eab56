/** TanStack Query hooks and keys of the Groups screens (Organisation Admins). */
import { groupsApi } from '@gatehouse/common/api/groups';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { call, isApiError } from './client.ts';

export const groupKeys = {
  all: ['groups'] as const,
  list: (search: string, page: number) => ['groups', 'list', search, page] as const,
  one: (id: string) => ['groups', id] as const,
  members: (id: string, search: string, page: number) => ['groups', id, 'members', search, page] as const,
};

export function useGroupList(search: string, page: number) {
  return useQuery({
    queryKey: groupKeys.list(search, page),
    queryFn: () => call(groupsApi.list, { query: { search: search || undefined, page } }),
    placeholderData: keepPreviousData,
  });
}

export function useGroup(id: string) {
  return useQuery({
    queryKey: groupKeys.one(id),
    queryFn: () => call(groupsApi.get, { params: { id } }),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}

export function useGroupMembers(id: string, search: string, page: number) {
  return useQuery({
    queryKey: groupKeys.members(id, search, page),
    queryFn: () => call(groupsApi.members, { params: { id }, query: { search: search || undefined, page } }),
    placeholderData: keepPreviousData,
  });
}
