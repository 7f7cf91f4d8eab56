/** TanStack Query hooks for server state, and the query keys they share. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Account } from '@gatehouse/common/schemas/account';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import { API } from '@gatehouse/common/routes';
import { OPENID_CONFIGURATION_PATH } from '@gatehouse/common/applications';
import type { Application, ClientAuthSteps } from '@gatehouse/common/schemas/applications';
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

// Applications (OpenID Connect clients) and the client sign-in steps.

export const applicationKeys = {
  all: ['applications'] as const,
  one: (id: string) => ['applications', id] as const,
  steps: (clientId: string) => ['clientauthsteps', clientId] as const,
  openIdConfiguration: ['openid-configuration'] as const,
};

/** The organisation's applications (Organisation Admin only). */
export function useApplications() {
  return useQuery({ queryKey: applicationKeys.all, queryFn: () => api<Application[]>(API.clients), staleTime: 60_000 });
}

export function useApplication(id: string) {
  return useQuery({
    queryKey: applicationKeys.one(id),
    queryFn: () => api<Application>(`${API.clients}/${encodeURIComponent(id)}`),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}

/** What stands between the signed-in user and an application; never cached, it changes as the steps are done. */
export function useClientAuthSteps(clientId: string | null) {
  return useQuery({
    queryKey: applicationKeys.steps(clientId ?? ''),
    queryFn: () => api<ClientAuthSteps>(API.clientauthsteps, { query: { client_id: clientId! } }),
    enabled: clientId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}

export interface OpenIdConfiguration {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  end_session_endpoint: string;
  revocation_endpoint: string;
  introspection_endpoint: string;
  scopes_supported: string[];
}

/** The organisation's provider metadata, as relying parties discover it. */
export function useOpenIdConfiguration() {
  return useQuery({
    queryKey: applicationKeys.openIdConfiguration,
    queryFn: () => api<OpenIdConfiguration>(OPENID_CONFIGURATION_PATH),
    staleTime: Infinity,
  });
}
