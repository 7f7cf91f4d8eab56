/** TanStack Query hooks and keys of the protected APIs screens (Organisation Admins). */
import { apisApi } from '@gatehouse/common/api/apis';
import { useQuery } from '@tanstack/react-query';

import { call, isApiError } from './client.ts';

export const apiKeys = {
  all: ['apis'] as const,
  one: (id: string) => ['apis', id] as const,
  grants: (id: string) => ['apis', id, 'grants'] as const,
};

export function useApis() {
  return useQuery({ queryKey: apiKeys.all, queryFn: () => call(apisApi.list) });
}

export function useApi(id: string) {
  return useQuery({
    queryKey: apiKeys.one(id),
    queryFn: () => call(apisApi.get, { params: { id } }),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}

export function useApiGrants(id: string) {
  return useQuery({ queryKey: apiKeys.grants(id), queryFn: () => call(apisApi.grants, { params: { id } }) });
}
