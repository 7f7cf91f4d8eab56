/** The audit log API: its query (filters and cursor) and its answer. */
import { z } from 'zod';
import { AUDIT_EVENT_TYPES, AUDIT_LIMITS } from '../audit.ts';
import { formList } from './fields.ts';

const optionalInt = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === undefined ? undefined : v), z.coerce.number().int().min(min).max(max).optional());

export const auditQuery = z.object({
  /** Event types to show (repeat the parameter for several); all when absent. */
  type: formList(z.enum(AUDIT_EVENT_TYPES as [string, ...string[]])).optional(),
  /** A user's id or email, or an application's id: events about them or done by them. */
  who: z.string().trim().min(1).max(100).optional(),
  /** Epoch milliseconds: events at or after `from`, before `to`. */
  from: optionalInt(0, Number.MAX_SAFE_INTEGER),
  to: optionalInt(0, Number.MAX_SAFE_INTEGER),
  /** The `next` of the previous page. */
  before: optionalInt(1, Number.MAX_SAFE_INTEGER),
  limit: optionalInt(1, AUDIT_LIMITS.pageSizeMax).transform((v) => v ?? AUDIT_LIMITS.pageSizeDefault),
});
export type AuditQueryInput = z.output<typeof auditQuery>;

export interface AuditEvent {
  id: number;
  at: number;
  type: string;
  actor: { kind: string; id: string | null };
  subject: { kind: string; id: string | null } | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  details: Record<string, unknown>;
}

export interface AuditPage {
  events: AuditEvent[];
  /** The cursor of the next (older) page, or null at the end. */
  next: number | null;
}
