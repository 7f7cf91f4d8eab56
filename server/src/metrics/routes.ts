/** The dashboard's Activity, Accounts and Applications tiles are for the administrators. */
import { frontDoorApi } from '@gatehouse/common/api/front-door';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { organisationMetrics } from './service.ts';

export function metricsRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, frontDoorApi.metrics, async (_, scope) => organisationMetrics(ctx, scope));
}
