/** The sign-in page's connections, through the first load's addresses (no zod with the sign-in page). */
import { useQuery } from '@tanstack/react-query';

import { call } from './client.ts';
import { firstLoadApi } from './first-load.ts';

/** A failure shows no buttons: the password form still works. */
export function useSignInConnections(enabled: boolean) {
  return useQuery({
    queryKey: ['sign-in-connections'],
    queryFn: () => call(firstLoadApi.signInConnections),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
