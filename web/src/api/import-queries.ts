/** TanStack Query hooks and keys of the "Import people" screen (Organisation Admins). */
import { importsApi } from '@gatehouse/common/api/imports';
import { useQuery } from '@tanstack/react-query';

import { call } from './client.ts';

export const importKeys = {
  job: (id: string) => ['imports', id] as const,
};

/** How often a job under way is asked for its progress (the server settles 500 rows a batch). */
const POLL_MS = 500;

/** An import job, asked for again every half second until it has finished or failed. */
export function useImportJob(id: string | null) {
  return useQuery({
    queryKey: importKeys.job(id ?? ''),
    queryFn: () => call(importsApi.get, { params: { id: id! } }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'finished' || status === 'failed' ? false : POLL_MS;
    },
  });
}
