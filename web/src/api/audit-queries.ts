/** TanStack Query hooks of the audit log and the webhook endpoints (Organisation Admins). */
import { auditApi } from '@gatehouse/common/api/audit';
import { webhooksApi } from '@gatehouse/common/api/webhooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { call } from './client.ts';

/** What the audit log screen filters by. */
export interface AuditFilters {
  type?: string | undefined;
  who?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters) => ['audit', 'list', filters] as const,
  user: (id: string, types: readonly string[]) => ['audit', 'user', id, types] as const,
};

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
};

/** The organisation's events, newest first, a page at a time (`next` is the cursor of the older page). */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam }) => call(auditApi.list, { query: { ...filters, ...(pageParam ? { before: pageParam } : {}) } }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
  });
}

/** A user's events for their page, newest first, ten at a time; of `types` only when given. */
export function useUserEvents(userId: string, types: readonly string[], enabled: boolean) {
  return useInfiniteQuery({
    queryKey: auditKeys.user(userId, types),
    queryFn: ({ pageParam }) =>
      call(auditApi.list, { query: { who: userId, limit: 10, type: types, ...(pageParam ? { before: pageParam } : {}) } }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
    enabled,
  });
}

export function useWebhookEndpoints() {
  return useQuery({ queryKey: webhookKeys.all, queryFn: () => call(webhooksApi.list) });
}

/** An endpoint's delivery log; read again every few seconds while it is open and something is queued. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => call(webhooksApi.deliveries, { params: { id } }),
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'queued') ? 3000 : false),
  });
}
