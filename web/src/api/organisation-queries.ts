/** TanStack Query hooks of the organisation settings page (Organisation Admins only; not in the first load). */
import { organisationApi } from '@gatehouse/common/api/organisation';
import { ERRORS } from '@gatehouse/common/errors';
import { useQuery } from '@tanstack/react-query';

import { ApiError, call } from './client.ts';
import { queryKeys } from './queries.ts';

/** Every setting of the organisation, as its Organisation Admin sees them. */
export function useOrganisationSettings() {
  return useQuery({
    queryKey: queryKeys.organisationSettings,
    queryFn: async () => {
      const view = await call(organisationApi.get);
      // Only an Organisation Admin is answered the settings; anyone else gets the public fields.
      if (!('settingsScore' in view)) throw new ApiError(403, null, ERRORS.FORBIDDEN.message);
      return view;
    },
    // Read afresh each time the page opens; never refetched under the admin's edits.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The security strength score of the saved settings. */
export function useSettingsStrength() {
  return useQuery({
    queryKey: queryKeys.settingsStrength,
    queryFn: () => call(organisationApi.strength),
  });
}
