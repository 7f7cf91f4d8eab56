/** TanStack Query hook of the admin dashboard's figures. */
import { frontDoorApi } from '@gatehouse/common/api/front-door';
import { useQuery } from '@tanstack/react-query';

import { call } from './client.ts';

// Under its own root, so that signing out forgets it.
export const metricsKeys = { all: ['metrics'] as const };

/** GET /api/metrics (Organisation Admin and User Admin); fresh for a minute, like the rest of the dashboard. */
export function useMetrics() {
  return useQuery({ queryKey: metricsKeys.all, queryFn: () => call(frontDoorApi.metrics), staleTime: 60_000 });
}
