/** The audit log API: its query (filters and cursor) and its answer. */
import { z } from 'zod';

import { AUDIT_EVENT_TYPES, AUDIT_LIMITS } from '../audit.ts';
import { formList, optionalInt, pageSize } from './fields.ts';

export const auditQuery = z.object({
  /** Event types to show (repeat the parameter for several); all when absent. */
  type: formList(z.enum(AUDIT_EVENT_TYPES as [string, ...string[]])).optional(),
  /** A user's id, email or the start of an email, or an application's id: events about them or done by them. */
  who: z.string().trim().min(1).max(100).optional(),
  /** Epoch milliseconds: events at or after `from`, before `to`. */
  from: optionalInt(0, Number.MAX_SAFE_INTEGER),
  to: optionalInt(0, Number.MAX_SAFE_INTEGER),
  /** The `next` of the previous page. */
  before: optionalInt(1, Number.MAX_SAFE_INTEGER),
  limit: pageSize(AUDIT_LIMITS.pageSizeMax, AUDIT_LIMITS.pageSizeDefault),
});
export type AuditQueryInput = z.output<typeof auditQuery>;

/** Who did it, or what it was done to: its kind, id and what people call it (an email, a name, an address). */
const party = z.object({ kind: z.string(), id: z.string().nullable(), label: z.string().nullable() });

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.number().int(),
  type: z.string(),
  actor: party,
  subject: party.nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** What people call the ids in the details (applications, users, webhooks, the organisation), by id. */
  names: z.record(z.string(), z.string()).optional(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** The cursor of the next (older) page, or null at the end. */
  next: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditExportQuery = auditQuery.extend({ format: z.enum(['csv', 'json']) });
