/** TanStack Query hooks and keys of the sign-in connections screen (Organisation Admins). */
import { useQuery } from '@tanstack/react-query';
import { connectionsApi } from '@gatehouse/common/api/connections';
import { call } from './client.ts';

export const connectionKeys = {
  all: ['connections'] as const,
};

export function useConnections() {
  return useQuery({ queryKey: connectionKeys.all, queryFn: () => call(connectionsApi.list) });
}
