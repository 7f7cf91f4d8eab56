/** TanStack Query hooks of the public pages: the deployment's facts and a started base sign-up. */
import { frontDoorApi } from '@gatehouse/common/api/front-door';
import { useQuery } from '@tanstack/react-query';

import { call, isApiError } from './client.ts';

export const publicKeys = {
  serviceInfo: ['serviceinfo'] as const,
  baseSignUp: (id: string) => ['basesignup', id] as const,
};

/** Data controller, support address and demo lifetime: fixed for a deployment. */
export function useServiceInfo() {
  return useQuery({ queryKey: publicKeys.serviceInfo, queryFn: () => call(frontDoorApi.serviceInfo), staleTime: Infinity });
}

/** A started base sign-up; an expired or used one is a 400 that asking again will not change. */
export function useBaseSignUp(id: string) {
  return useQuery({
    queryKey: publicKeys.baseSignUp(id),
    queryFn: () => call(frontDoorApi.baseSignUp, { query: { signupid: id } }),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    staleTime: 0,
    gcTime: 0,
  });
}
