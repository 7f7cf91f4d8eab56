/** The audit log API: Organisation Admins read and export their organisation's events. */
import { auditApi } from '@gatehouse/common/api/audit';
import { AUDIT_LIMITS } from '@gatehouse/common/audit';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { auditCsv } from './export.ts';
import { auditPage } from './service.ts';

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, auditApi.list, async ({ query }, scope) => auditPage(ctx, scope, query));

  serve(app, ctx, auditApi.export, async ({ query: { format, ...query } }, scope, _request, reply) => {
    const { organisation: org } = scope;
    const { events } = await auditPage(ctx, scope, { ...query, limit: AUDIT_LIMITS.exportMax });
    const name = `audit-${org.name}-${new Date(ctx.clock.now()).toISOString().slice(0, 10)}.${format}`;
    reply.header('content-disposition', `attachment; filename="${name}"`);
    if (format === 'json') return reply.type('application/json').send(JSON.stringify(events, null, 2));
    return reply.type('text/csv; charset=utf-8').send(auditCsv(events));
  });
}
