/** How the screens show an audit event: its name, who did it, what it was about, and its details. */
import { ACTOR_LABELS, AUDIT_EVENT_LABELS, type ActorKind, type AuditEventType } from '@gatehouse/common/audit';
import type { AuditEvent } from '@gatehouse/common/schemas/audit';

export const eventLabel = (type: string): string => AUDIT_EVENT_LABELS[type as AuditEventType] ?? type;

export function actorLabel(actor: AuditEvent['actor']): string {
  if (actor.label) return actor.label;
  const kind = ACTOR_LABELS[actor.kind as ActorKind] ?? actor.kind;
  return actor.kind === 'system' && actor.id ? `${kind} (${actor.id})` : kind;
}

export function subjectLabel(subject: AuditEvent['subject']): string {
  if (!subject) return '';
  return subject.label ?? subject.id ?? subject.kind;
}

const value = (v: unknown): string => (v === null || v === undefined ? '(none)' : Array.isArray(v) ? v.join(', ') || '(none)' : String(v));

/** The details as short lines: `field: before → after` for changes, `name: value` otherwise. */
export function detailLines(details: Record<string, unknown>): string[] {
  return Object.entries(details).map(([name, detail]) => {
    if (detail && typeof detail === 'object' && !Array.isArray(detail) && 'from' in detail && 'to' in detail) {
      const change = detail as { from: unknown; to: unknown };
      return `${name}: ${value(change.from)} → ${value(change.to)}`;
    }
    return `${name}: ${value(detail)}`;
  });
}
