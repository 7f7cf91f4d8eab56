/**
 * One record of a file as a person to import: its fields picked by the column mapping (CSV) or by their
 * names (JSON Lines and the exports' records), checked by the shared schema (common/src/schemas/imports.ts),
 * its password hash checked against the formats Gatehouse can verify. Plain-text passwords are refused.
 */
import { IMPORT_FIELDS, IMPORT_MESSAGES, type ImportField, type ImportRow, importRow } from '@gatehouse/common/schemas/imports';

import { recogniseForeignHash } from '../passwords/foreign.ts';

export type Mapping = Partial<Record<ImportField, string>>;

export type CheckedRow = { ok: true; person: ImportRow } | { ok: false; reason: string; email: string | null };

const PLAIN_PASSWORD_KEYS = ['password', 'plainpassword', 'plain_password', 'cleartext'];

/** Picks the import's fields out of a record: `mapping` names a field's column, else the field's own name (any case). */
export function pickFields(fields: Record<string, unknown>, mapping: Mapping): { picked: Record<string, unknown>; plainPassword: boolean } {
  const byLowerName = new Map(Object.keys(fields).map((name) => [name.toLowerCase(), name]));
  const value = (name: string): unknown => {
    const key = byLowerName.get(name.toLowerCase());
    return key === undefined ? undefined : fields[key];
  };
  const picked: Record<string, unknown> = {};
  for (const field of IMPORT_FIELDS) {
    const v = value(mapping[field] ?? field);
    // A spreadsheet-safe export (export-people.ts) writes an apostrophe before a cell that would read as a formula.
    if (typeof v === 'string') picked[field] = v.replace(/^'(?=[=+\-@\t\r])/, '');
    else if (v !== undefined && v !== null) picked[field] = typeof v === 'number' || typeof v === 'boolean' ? v : String(v);
  }
  const plain = PLAIN_PASSWORD_KEYS.some((key) => {
    const v = value(key);
    return v !== undefined && v !== null && v !== '';
  });
  return { picked, plainPassword: plain };
}

/** The person a record brings, or why it is refused (every problem of the row, in one sentence each). */
export function checkRow(fields: Record<string, unknown>, mapping: Mapping): CheckedRow {
  const { picked, plainPassword } = pickFields(fields, mapping);
  const email = typeof picked.email === 'string' ? picked.email.trim().toLowerCase() || null : null;
  if (plainPassword) return { ok: false, reason: IMPORT_MESSAGES.plainPassword, email };
  const parsed = importRow.safeParse(picked);
  if (!parsed.success) {
    const reason = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`).join(' ');
    return { ok: false, reason, email };
  }
  const person = parsed.data;
  if (person.passwordHash !== undefined) {
    const hash = recogniseForeignHash(person.passwordHash);
    if (!hash.ok) return { ok: false, reason: hash.reason, email: person.email };
    person.passwordHash = hash.stored;
  }
  return { ok: true, person };
}
