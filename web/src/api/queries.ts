/** TanStack Query hooks for server state, and the query keys they share. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Account } from '@gatehouse/common/schemas/account';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import { API } from '@gatehouse/common/routes';
import { api, isApiError } from './client.ts';

export const queryKeys = {
  account: ['account'] as const,
  organisation: ['organisation'] as const,
};

/** The signed-in user, or null when signed out. */
export function useAccount() {
  return useQuery({
    queryKey: queryKeys.account,
    queryFn: async (): Promise<Account | null> => {
      try {
        return await api<Account>(API.account, { quietUnauthorised: true });
      } catch (error) {
        // Signed out, or this host is no organisation at all: either way nobody is signed in here.
        if (isApiError(error, 401) || isApiError(error, 404)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** The organisation of this host; a 404 means this host is no organisation. */
export function useOrganisation() {
  return useQuery({
    queryKey: queryKeys.organisation,
    queryFn: () => api<PublicOrganisation>(API.organisation),
    staleTime: 60_000,
    retry: (count, error) => !isApiError(error, 404) && count < 2,
    // A host that is no organisation stays one: do not ask again each time a component mounts.
    retryOnMount: false,
  });
}

export function setSignedOut(queryClient: QueryClient): void {
  queryClient.setQueryData(queryKeys.account, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.account[0] && q.queryKey[0] !== queryKeys.organisation[0] });
}
