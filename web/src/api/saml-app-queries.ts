/** TanStack Query hooks and keys of the SAML application screens. */
import { samlAppsApi } from '@gatehouse/common/api/saml-apps';
import { useQuery } from '@tanstack/react-query';

import { call, isApiError } from './client.ts';

export const samlAppKeys = {
  all: ['samlapps'] as const,
  one: (id: string) => ['samlapps', id] as const,
};

/** The organisation's SAML applications (Organisation Admin only). */
export function useSamlApplications() {
  return useQuery({ queryKey: samlAppKeys.all, queryFn: () => call(samlAppsApi.list), staleTime: 60_000 });
}

export function useSamlApplication(id: string) {
  return useQuery({
    queryKey: samlAppKeys.one(id),
    queryFn: () => call(samlAppsApi.get, { params: { id } }),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}
