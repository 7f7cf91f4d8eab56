/** TanStack Query hooks of a person's sessions and connected applications: their own, or (administrators) someone's. */
import { accountSessionsApi, userSessionsApi } from '@gatehouse/common/api/sessions';
import { useQuery } from '@tanstack/react-query';

import { call } from './client.ts';

/** Whose: the signed-in person's own (`null`), or the user with this id. */
export type Whose = string | null;

export const sessionKeys = {
  sessions: (whose: Whose) => ['sessions', whose ?? 'own'] as const,
  applications: (whose: Whose) => ['connectedApplications', whose ?? 'own'] as const,
};

export function useSessions(whose: Whose) {
  return useQuery({
    queryKey: sessionKeys.sessions(whose),
    queryFn: () => (whose === null ? call(accountSessionsApi.list) : call(userSessionsApi.list, { params: { id: whose } })),
  });
}

export function useConnectedApplications(whose: Whose) {
  return useQuery({
    queryKey: sessionKeys.applications(whose),
    queryFn: () => (whose === null ? call(accountSessionsApi.applications) : call(userSessionsApi.applications, { params: { id: whose } })),
  });
}
