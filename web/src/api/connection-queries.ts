/** TanStack Query hooks and keys of the sign-in connections screen (Organisation Admins). */
import { connectionsApi } from '@gatehouse/common/api/connections';
import { useQuery } from '@tanstack/react-query';

import { call } from './client.ts';

export const connectionKeys = {
  all: ['connections'] as const,
  ofUser: (userId: string) => ['connections', 'user', userId] as const,
};

export function useConnections() {
  return useQuery({ queryKey: connectionKeys.all, queryFn: () => call(connectionsApi.list) });
}

/** The connections a user is linked to, with the upstream groups (the user's page, user admins). */
export function useUserConnections(userId: string) {
  return useQuery({ queryKey: connectionKeys.ofUser(userId), queryFn: () => call(connectionsApi.userLinks, { params: { id: userId } }) });
}
