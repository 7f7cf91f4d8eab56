/** `gatehouse import-users`: the operator's import of a file of people, run in the command's own process, with its progress. */
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';

import {
  IMPORT_FIELDS,
  IMPORT_FORMATS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportField,
  type ImportFormat,
} from '@gatehouse/common/schemas/imports';

import type { AppContext } from '../context.ts';
import { operatorScope } from '../scope/scope.ts';
import { toOrganisation } from '../tenancy/organisation.ts';
import { findOrganisationByName } from '../tenancy/store.ts';
import { getImport } from './report.ts';
import type { Mapping } from './rows.ts';
import { runImport, startImport } from './service.ts';

export const IMPORT_USAGE = `  import-users <name> <file> --format <${IMPORT_FORMATS.join('|')}> [--dry-run] [--map <field>=<column> ...]
      Imports the people of <file> into organisation <name> with their password hashes (bcrypt, argon2,
      scrypt, PBKDF2) and authenticator keys: a CSV, JSON Lines, a Keycloak realm export or an Auth0
      export. People already there (by external id, else email) are updated. --dry-run changes nothing
      and lists every row it would refuse. --map names a CSV column for a field (${IMPORT_FIELDS.join(', ')}).
      See docs/migration.md.`;

export async function importUsersCommand(ctx: AppContext, args: string[], usageError: (message: string) => Error): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { format: { type: 'string' }, 'dry-run': { type: 'boolean' }, map: { type: 'string', multiple: true } },
  });
  const [name, file] = positionals;
  if (!name || !file || positionals.length > 2) throw usageError('Give the organisation name and the file to import.');
  if (!IMPORT_FORMATS.includes(values.format as ImportFormat)) throw usageError(`Give --format as one of ${IMPORT_FORMATS.join(', ')}.`);
  const mapping: Mapping = {};
  for (const pair of values.map ?? []) {
    const [field, column] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    if (!IMPORT_FIELDS.includes(field as ImportField) || !column)
      throw usageError(`--map ${pair}: give <field>=<column>, a field of ${IMPORT_FIELDS.join(', ')}.`);
    mapping[field as ImportField] = column;
  }
  if (statSync(file).size > IMPORT_LIMITS.fileBytes) throw new Error(IMPORT_MESSAGES.fileTooLarge);
  const row = await findOrganisationByName(ctx.db.kysely, name.toLowerCase());
  if (!row) throw new Error(`There is no organisation named "${name}".`);
  const organisation = toOrganisation(ctx.config, row);
  const scope = operatorScope(ctx.db.kysely, organisation);
  const job = await startImport(ctx, scope, {
    format: values.format as ImportFormat,
    dryRun: values['dry-run'] ?? false,
    mapping,
    file: readFileSync(file),
  });
  const tty = process.stdout.isTTY;
  await runImport(ctx, organisation, job.id, (rows) => {
    // One line rewritten on a terminal; a line a batch otherwise (a log, a pipe).
    if (tty) process.stdout.write(`\rRead ${rows} rows…`);
    else console.log(`Read ${rows} rows`);
  });
  if (tty) process.stdout.write('\n');
  const report = await getImport(scope, job.id);
  const verb = report.dryRun ? 'Would create' : 'Created';
  console.log(
    `${verb} ${report.created}, ${report.dryRun ? 'would update' : 'updated'} ${report.updated}, refused ${report.refusedCount} (job ${report.id}).`,
  );
  for (const refused of report.refused) console.log(`Row ${refused.row}${refused.email ? ` (${refused.email})` : ''}: ${refused.reason}`);
  if (report.refusedCount > report.refused.length)
    console.log(`… and ${report.refusedCount - report.refused.length} more: GET /api/imports/${report.id}/refused lists them all.`);
  for (const [kind, count] of Object.entries(report.notCarried)) console.log(`Not carried: ${count} ${kind}.`);
  if (report.error) throw new Error(report.error);
}
