/**
 * What an edit changed, as the audit log records it: each changed field, named as the API names it
 * (`first_name` is `firstName`), with its value before and after.
 */
export type Changes = Record<string, { from: unknown; to: unknown }>;

export function changedFields(before: object, after: object): Changes {
  const changes: Changes = {};
  const was = before as Record<string, unknown>;
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(was[field] ?? null) !== JSON.stringify(value ?? null))
      changes[apiName(field)] = { from: was[field] ?? null, to: value };
  }
  return changes;
}

const apiName = (column: string): string => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
