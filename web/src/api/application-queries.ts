/** TanStack Query hooks and keys of the application screens and the client sign-in steps. */
import { applicationsApi } from '@gatehouse/common/api/applications';
import { OPENID_CONFIGURATION_PATH } from '@gatehouse/common/applications';
import { useQuery } from '@tanstack/react-query';

import { api, call, isApiError } from './client.ts';

export const applicationKeys = {
  all: ['applications'] as const,
  one: (id: string) => ['applications', id] as const,
  steps: (clientId: string) => ['clientauthsteps', clientId] as const,
  openIdConfiguration: ['openid-configuration'] as const,
};

/** The organisation's applications (Organisation Admin only). */
export function useApplications() {
  return useQuery({ queryKey: applicationKeys.all, queryFn: () => call(applicationsApi.list), staleTime: 60_000 });
}

export function useApplication(id: string) {
  return useQuery({
    queryKey: applicationKeys.one(id),
    queryFn: () => call(applicationsApi.get, { params: { id } }),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}

/** What stands between the signed-in user and an application; never cached, it changes as the steps are done. */
export function useClientAuthSteps(clientId: string | null) {
  return useQuery({
    queryKey: applicationKeys.steps(clientId ?? ''),
    queryFn: () => call(applicationsApi.authSteps, { query: { client_id: clientId! } }),
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
  pushed_authorization_request_endpoint?: string;
  device_authorization_endpoint?: string;
  token_endpoint_auth_signing_alg_values_supported?: string[];
}

/** The organisation's provider metadata, as relying parties discover it. */
export function useOpenIdConfiguration() {
  return useQuery({
    queryKey: applicationKeys.openIdConfiguration,
    queryFn: () => api<OpenIdConfiguration>(OPENID_CONFIGURATION_PATH),
    staleTime: Infinity,
  });
}
