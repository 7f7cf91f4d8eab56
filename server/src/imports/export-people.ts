/**
 * People out again, in the form an import takes back: the CSV header and the JSON Lines keys are the
 * import's own field names (common/src/schemas/imports.ts), so `POST /api/imports` or `gatehouse
 * import-users` reads the file with no mapping, and a re-import matches everyone by external id or
 * email. Read page by page through the scoped store, so a large organisation is never held at once.
 * Secrets (password hashes, authenticator keys) only when the operator's CLI asks for them.
 */
import { TWO_STEP_KINDS } from '@gatehouse/common/policy';
import { EXPORT_FIELDS, IMPORT_FIELDS, type ImportField } from '@gatehouse/common/schemas/imports';

import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { decryptMfaSecret } from '../mfa/secrets.ts';
import { findFactorOfKind } from '../mfa/store.ts';
import type { Scope } from '../scope/scope.ts';
import { peoplePage } from './store.ts';

const PAGE = 1000;

export type PeopleExportFormat = 'csv' | 'jsonl';
type Person = Partial<Record<ImportField, string | boolean>>;

const isoOf = (time: number | null) => (time === null ? undefined : new Date(time).toISOString());

function personOf(user: UserRow): Person {
  const person: Person = {
    email: user.email,
    externalId: user.external_id ?? undefined,
    firstName: user.first_name ?? undefined,
    surname: user.surname ?? undefined,
    phoneNumber: user.phone_number ?? undefined,
    emailVerified: user.email_verified_date !== null,
    status: user.status === 'Disabled' ? 'disabled' : 'active',
    createdAt: isoOf(user.created_at),
    lastSignInAt: isoOf(user.last_sign_in),
  };
  for (const key of Object.keys(person) as ImportField[]) if (person[key] === undefined) delete person[key];
  return person;
}

/**
 * A CSV cell quoted when it must be, and never read as a formula by a spreadsheet (a cell starting
 * =, +, - or @ gets a leading apostrophe, which the import takes off again: rows.ts).
 */
function cell(value: string | boolean | undefined): string {
  let text = value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The organisation's people, line by line (a CSV's header first); with `secrets`, their hashes and authenticator keys too. */
export async function* exportPeople(
  ctx: AppContext,
  scope: Scope,
  format: PeopleExportFormat,
  options: { secrets?: boolean } = {},
): AsyncGenerator<string> {
  const fields = options.secrets ? IMPORT_FIELDS : EXPORT_FIELDS;
  if (format === 'csv') yield `${fields.join(',')}\r\n`;
  let after = '';
  for (;;) {
    const page = await peoplePage(scope.db, after, PAGE);
    for (const user of page) {
      const person = personOf(user);
      if (options.secrets) {
        if (user.password_hash !== null) person.passwordHash = user.password_hash;
        const app = await findFactorOfKind(scope.db, user.id, TWO_STEP_KINDS.app);
        if (app?.secret) person.totpSecret = decryptMfaSecret(ctx, scope.organisation.id, user.id, app.secret);
      }
      yield format === 'csv' ? `${fields.map((field) => cell(person[field])).join(',')}\r\n` : `${JSON.stringify(person)}\n`;
    }
    if (page.length < PAGE) return;
    after = page.at(-1)!.id;
  }
}

/** The whole export as one text (the CLI's file, a download). */
export async function peopleExportText(ctx: AppContext, scope: Scope, format: PeopleExportFormat, options: { secrets?: boolean } = {}) {
  let text = '';
  for await (const line of exportPeople(ctx, scope, format, options)) text += line;
  return text;
}
