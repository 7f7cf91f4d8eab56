/** The audit log's endpoints (Organisation Admins). */
import { auditExportQuery, auditPageSchema, auditQuery } from '../schemas/audit.ts';
import { endpoint, ORGANISATION_ADMIN, orMachine } from './contract.ts';

const tag = 'Audit log';

export const auditApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/audit',
    operationId: 'listAuditEvents',
    summary: "The organisation's audit events, newest first, filtered; `next` is the cursor (`before`) of the older page.",
    tag,
    access: orMachine(ORGANISATION_ADMIN, 'audit:read'),
    query: auditQuery,
    status: 200,
    answer: auditPageSchema,
    errors: [],
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/audit/export',
    operationId: 'exportAuditEvents',
    summary: 'The filtered events (at most 10,000, newest first) as a CSV or JSON download.',
    tag,
    access: orMachine(ORGANISATION_ADMIN, 'audit:read'),
    query: auditExportQuery,
    status: 200,
    answer: null,
    produces: ['text/csv', 'application/json'],
    errors: [],
  }),
} as const;
