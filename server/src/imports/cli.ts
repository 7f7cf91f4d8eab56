/**
 * `gatehouse import-users`: the operator's import of a file of people, run in the command's own process,
 * with its progress; `gatehouse export-users`: the people out again, in the form the import takes back.
 */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
import { peopleExportText } from './export-people.ts';
import { getImport } from './report.ts';
import type { Mapping } from './rows.ts';
import { isSealedPeople, openSealedPeople, SealedPeopleRefused, sealPeople } from './sealed-people.ts';
import { runImport, startImport } from './service.ts';

export const IMPORT_USAGE = `  import-users <name> <file> --format <${IMPORT_FORMATS.join('|')}> [--dry-run] [--map <field>=<column> ...]
      Imports the people of <file> into organisation <name> with their password hashes (bcrypt, argon2,
      scrypt, PBKDF2) and authenticator keys: a CSV, JSON Lines, a Keycloak realm export or an Auth0
      export. People already there (by external id, else email) are updated. --dry-run changes nothing
      and lists every row it would refuse. --map names a CSV column for a field (${IMPORT_FIELDS.join(', ')}).
      A sealed export of export-users --with-secrets is opened with --passphrase-file (or
      GATEHOUSE_TRANSFER_PASSPHRASE), its format read from it. See docs/migration.md.
  export-users <name> <file> [--format csv|jsonl] [--with-secrets --passphrase-file <file>]
      Writes the people of organisation <name> to <file> in the columns import-users takes back. With
      --with-secrets, their password hashes and authenticator keys too, the file sealed under the
      passphrase (at least 12 characters; or GATEHOUSE_TRANSFER_PASSPHRASE).`;

/** The passphrase's first line from --passphrase-file, else GATEHOUSE_TRANSFER_PASSPHRASE. */
function passphraseOf(file: string | undefined, usageError: (message: string) => Error): string {
  if (file) return readFileSync(file, 'utf8').split(/\r?\n/)[0] ?? '';
  const fromEnvironment = process.env.GATEHOUSE_TRANSFER_PASSPHRASE;
  if (!fromEnvironment) throw usageError('Give the passphrase with --passphrase-file or GATEHOUSE_TRANSFER_PASSPHRASE.');
  return fromEnvironment;
}

/** Opens the organisation the operator named, in the operator's scope. */
async function organisationNamed(ctx: AppContext, name: string) {
  const row = await findOrganisationByName(ctx.db.kysely, name.toLowerCase());
  if (!row) throw new Error(`There is no organisation named "${name}".`);
  const organisation = toOrganisation(ctx.config, row);
  return { organisation, scope: operatorScope(ctx.db.kysely, organisation) };
}

export async function exportUsersCommand(ctx: AppContext, args: string[], usageError: (message: string) => Error): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { format: { type: 'string' }, 'with-secrets': { type: 'boolean' }, 'passphrase-file': { type: 'string' } },
  });
  const [name, target] = positionals;
  if (!name || !target || positionals.length > 2) throw usageError('Give the organisation name and the file to write.');
  const format = values.format ?? 'csv';
  if (format !== 'csv' && format !== 'jsonl') throw usageError('Give --format as csv or jsonl.');
  const destination = path.resolve(target);
  if (existsSync(destination)) throw usageError(`${destination} already exists: give a new file name.`);
  const secrets = values['with-secrets'] ?? false;
  const passphrase = secrets ? passphraseOf(values['passphrase-file'], usageError) : '';
  const { scope } = await organisationNamed(ctx, name);
  const text = await peopleExportText(ctx, scope, format, { secrets });
  let file: string;
  try {
    file = secrets ? sealPeople(text, format, passphrase) : text;
  } catch (error) {
    if (error instanceof SealedPeopleRefused) throw usageError(error.message);
    throw error;
  }
  // With secrets it holds password hashes (sealed): readable by the operator only, written whole or not at all.
  writeFileSync(`${destination}.partial`, file, { mode: 0o600 });
  renameSync(`${destination}.partial`, destination);
  const people = format === 'csv' ? text.split('\r\n').length - 2 : text.split('\n').length - 1;
  console.log(`Exported ${people} people of ${name.toLowerCase()} to ${destination}${secrets ? ', sealed, with their secrets' : ''}.`);
}

export async function importUsersCommand(ctx: AppContext, args: string[], usageError: (message: string) => Error): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      'dry-run': { type: 'boolean' },
      map: { type: 'string', multiple: true },
      'passphrase-file': { type: 'string' },
    },
  });
  const [name, file] = positionals;
  if (!name || !file || positionals.length > 2) throw usageError('Give the organisation name and the file to import.');
  if (statSync(file).size > IMPORT_LIMITS.fileBytes) throw new Error(IMPORT_MESSAGES.fileTooLarge);
  let data = readFileSync(file);
  let format = values.format as ImportFormat;
  const head = data.subarray(0, 200).toString('utf8');
  if (isSealedPeople(head)) {
    try {
      const opened = openSealedPeople(data.toString('utf8'), passphraseOf(values['passphrase-file'], usageError));
      data = Buffer.from(opened.text, 'utf8');
      format = opened.content;
    } catch (error) {
      if (error instanceof SealedPeopleRefused) throw usageError(error.message);
      throw error;
    }
  }
  if (!IMPORT_FORMATS.includes(format)) throw usageError(`Give --format as one of ${IMPORT_FORMATS.join(', ')}.`);
  const mapping: Mapping = {};
  for (const pair of values.map ?? []) {
    const [field, column] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    if (!IMPORT_FIELDS.includes(field as ImportField) || !column)
      throw usageError(`--map ${pair}: give <field>=<column>, a field of ${IMPORT_FIELDS.join(', ')}.`);
    mapping[field as ImportField] = column;
  }
  const { organisation, scope } = await organisationNamed(ctx, name);
  const job = await startImport(ctx, scope, { format, dryRun: values['dry-run'] ?? false, mapping, file: data });
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
