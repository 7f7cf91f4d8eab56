import type { FastifyInstance } from 'fastify';
import { ADMIN_ROLES } from '@gatehouse/common/policy';
import { API } from '@gatehouse/common/routes';
import type { Metrics } from '@gatehouse/common/schemas/metrics';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/request-context.ts';
import { organisationMetrics } from './service.ts';

/** The dashboard's Activity, Accounts and Applications tiles are for the administrators. */
export function metricsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(API.metrics, async (request, reply): Promise<Metrics> => {
    const { org, user } = await requireUser(ctx, request, ADMIN_ROLES);
    reply.header('cache-control', 'no-store');
    return organisationMetrics(ctx, org.id, user.role);
  });
}
