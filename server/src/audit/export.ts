/** The audit log as CSV (RFC 4180), safe to open in a spreadsheet. */
import type { AuditEvent } from '@gatehouse/common/schemas/audit';

const COLUMNS = [
  'id',
  'time',
  'type',
  'actor',
  'actor id',
  'actor name',
  'subject',
  'subject id',
  'subject name',
  'ip',
  'user agent',
  'request id',
  'details',
];

/** A field quoted when it must be, and never read as a formula (a cell starting =, +, - or @). */
function field(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsv(events: readonly AuditEvent[]): string {
  const lines = [COLUMNS.join(',')];
  for (const e of events) {
    lines.push(
      [
        e.id,
        new Date(e.at).toISOString(),
        e.type,
        e.actor.kind,
        e.actor.id,
        e.actor.label,
        e.subject?.kind ?? null,
        e.subject?.id ?? null,
        e.subject?.label ?? null,
        e.ip,
        e.userAgent,
        e.requestId,
        JSON.stringify(e.details),
      ]
        .map(field)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
