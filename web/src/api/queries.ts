/** TanStack Query hooks for server state, and the query keys they share. */
import type { Account } from '@gatehouse/common/schemas/account';
import { type QueryClient, useQuery } from '@tanstack/react-query';

import { call, isApiError } from './client.ts';
import { firstLoadApi } from './first-load.ts';

export const queryKeys = {
  account: ['account'] as const,
  organisation: ['organisation'] as const,
  // Under their own root so that signing out forgets them (setSignedOut keeps only the two above).
  organisationSettings: ['organisationSettings'] as const,
  settingsStrength: ['organisationSettings', 'strength'] as const,
  settingsPreview: ['organisationSettings', 'preview'] as const,
  rememberMe: ['rememberme'] as const,
};

/** The signed-in user, or null when signed out. */
export function useAccount() {
  return useQuery({
    queryKey: queryKeys.account,
    queryFn: async (): Promise<Account | null> => {
      try {
        return (await call(firstLoadApi.session)).account;
      } catch (error) {
        // This host is no organisation at all: nobody is signed in here.
        if (isApiError(error, 404)) return null;
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
    queryFn: () => call(firstLoadApi.organisation),
    staleTime: 60_000,
    retry: (count, error) => !isApiError(error, 404) && count < 2,
    // A host that is no organisation stays one: do not ask again each time a component mounts.
    retryOnMount: false,
  });
}

/** The email this browser remembers for sign-in (rememberMeDays), or null. */
export function useRememberedEmail() {
  return useQuery({
    queryKey: queryKeys.rememberMe,
    queryFn: async () => (await call(firstLoadApi.rememberedEmail)).email,
    staleTime: 60_000,
  });
}

export function setSignedOut(queryClient: QueryClient): void {
  queryClient.setQueryData(queryKeys.account, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.account[0] && q.queryKey[0] !== queryKeys.organisation[0] });
  // An admin's copy of the organisation carries every setting: fetch the public one instead.
  void queryClient.invalidateQueries({ queryKey: queryKeys.organisation });
}
