/** How the screens show an audit event: its name, who did it, what it was about, and its details. */
import { ACTOR_LABELS, type ActorKind, AUDIT_EVENT_LABELS, AUDIT_MESSAGES as M, type AuditEventType } from '@gatehouse/common/audit';
import { type Role, ROLE_LABELS } from '@gatehouse/common/policy';
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

/** Fields that hold a role: shown by the role's label, never its stored value (the spec). */
const ROLE_FIELDS = new Set(['role']);
/** Fields that hold an uploaded image's id (a logo, a background): only whether there is one shows. */
const IMAGE_FIELD = /(logo|image|icon|background|hero)(_?id)?$/i;

/**
 * The details as short lines: `field: before → after` for changes, `name: value` otherwise. Stored values
 * are shown as people know them: roles by their labels, ids by the names the server gave beside them
 * (`names`), image ids as 'an image'.
 */
export function detailLines(details: Record<string, unknown>, names: Record<string, string> = {}): string[] {
  return Object.entries(details).map(([name, detail]) => {
    const shown = (v: unknown): string => {
      if (v === null || v === undefined || v === '') return M.noValue;
      if (Array.isArray(v)) return v.map(shown).join(', ') || M.noValue;
      const text = String(v);
      if (ROLE_FIELDS.has(name) && text in ROLE_LABELS) return ROLE_LABELS[text as Role];
      if (IMAGE_FIELD.test(name)) return M.anImage;
      return names[text] ?? text;
    };
    if (detail && typeof detail === 'object' && !Array.isArray(detail) && 'from' in detail && 'to' in detail) {
      const change = detail as { from: unknown; to: unknown };
      return `${name}: ${shown(change.from)} → ${shown(change.to)}`;
    }
    return `${name}: ${shown(detail)}`;
  });
}
