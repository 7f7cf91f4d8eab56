/** The audit log API: Organisation Admins read and export their organisation's events. */
import type { FastifyInstance } from 'fastify';
import { AUDIT_LIMITS } from '@gatehouse/common/audit';
import { API } from '@gatehouse/common/routes';
import { auditQuery } from '@gatehouse/common/schemas/audit';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import { auditCsv } from './export.ts';
import { auditPage } from './service.ts';

const ORGANISATION_ADMIN = ['OrganisationAdministrator'] as const;
const exportQuery = auditQuery.extend({ format: z.enum(['csv', 'json']) });

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(API.audit, async (request) => {
    const { org } = await requireUser(ctx, request, ORGANISATION_ADMIN);
    return auditPage(ctx, org.id, parse(auditQuery, request.query));
  });

  app.get(`${API.audit}/export`, async (request, reply) => {
    const { org } = await requireUser(ctx, request, ORGANISATION_ADMIN);
    const { format, ...query } = parse(exportQuery, request.query);
    const { events } = await auditPage(ctx, org.id, { ...query, limit: AUDIT_LIMITS.exportMax });
    const name = `audit-${org.name}-${new Date(ctx.clock.now()).toISOString().slice(0, 10)}.${format}`;
    reply.header('content-disposition', `attachment; filename="${name}"`);
    if (format === 'json') return reply.type('application/json').send(JSON.stringify(events, null, 2));
    return reply.type('text/csv; charset=utf-8').send(auditCsv(events));
  });
}
