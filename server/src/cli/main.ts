/** The `gatehouse` command: operator tasks that work on the configured database without a running server. */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { explained, openContext } from '../boot.ts';
import { type Config, ConfigError, loadConfig, originFor } from '../config.ts';
import { disableConnectionByOperator } from '../connections/service.ts';
import type { AppContext } from '../context.ts';
import { PASSPHRASE_MIN_LENGTH } from '../crypto/passphrase-sealing.ts';
import { openDatabase } from '../db/database.ts';
import { migrationStatus } from '../db/migrations/index.ts';
import { AppError } from '../http/errors.ts';
import { exportUsersCommand, IMPORT_USAGE, importUsersCommand } from '../imports/cli.ts';
import { JOBS } from '../jobs/registry.ts';
import { runJobOnce } from '../jobs/runner.ts';
import { OUTBOX_USAGE, outboxCommand } from '../mail/cli.ts';
import { resetTwoStepByEmail } from '../mfa/enrolment.ts';
import { rotateOrganisationKeys } from '../oidc/keys.ts';
import { createOrganisationWithAdmin } from '../organisations/service.ts';
import { exportOrganisation, importOrganisation, TransferRefused } from '../organisations/transfer.ts';
import { operatorScope } from '../scope/scope.ts';
import { reencryptSecrets } from '../security/key-rotation.ts';
import { enableUserByOperator } from '../users/service.ts';
import { backupDatabase, BackupRefused } from './backup.ts';
import { publishOrganisationChanges } from './changes.ts';
import { doctor as runDoctor } from './doctor.ts';

const USAGE = `Usage: gatehouse <command> [options]

Commands:
  create-organisation <name> --admin-email <email> --admin-password <password> [--display-name <text>]
      Creates organisation <name>, served at <name>.<BASE_HOSTNAME>, with an Organisation Admin
      whose email counts as verified.
  run-jobs [--job <name>]
      Runs the scheduled jobs now (all, or the one named), unless another process is running them.
${OUTBOX_USAGE}
${IMPORT_USAGE}
  rotate-keys <name>
      Gives organisation <name> new token signing keys (RS256 and ES256). Tokens signed before stay
      valid: the previous keys stay published for verification for 14 days.
  enable-user <name> --email <email>
      Enables that user of organisation <name> when they are Disabled, Inactive or locked out (an
      organisation whose only admin can no longer sign in, and so cannot enable anyone).
  disable-connection <name> <connection>
      Turns off the sign-in connection <connection> (its id or its name) of organisation <name>, so
      that its people sign in with their passwords again (a broken identity provider that allows no
      password, and no administrator who can sign in to turn it off). Lists the connections when none
      is named so.
  reset-mfa <name> --email <email>
      Turns off the multi-factor authentication of that user of organisation <name> (a lost device and
      no administrator to reset it). They sign in with their password, and set it up again where required.
  reencrypt-secrets
      After KEY_ENCRYPTION_KEY was changed (the old value now in KEY_ENCRYPTION_KEY_DECRYPT_ONLY on
      every process), seals every stored secret under the new key. See docs/operations.md.
  version
      Prints the version of Gatehouse and of Node.js it runs on.
  migrate
      Brings the database up to this version's schema (servers also do it when they start), and says
      what it applied. Migrations only go forward: back the database up first (see README, Upgrading).
  doctor
      Checks the configuration, the database, SMTP, SMS and Redis, and says plainly what is wrong
      (exit status 1 when something is). Changes nothing and sends nothing.
  backup <file>
      Copies the SQLite database to <file> while the server runs (SQLite's online backup API) and
      checks the copy. For PostgreSQL it says how to use pg_dump instead.
  export-organisation <name> <file> [--without-audit] [--passphrase-file <file>]
      Writes organisation <name> to <file> (JSON) for import-organisation on another installation:
      settings, images, users with their password hashes, second steps and passkeys, applications,
      signing keys, webhooks, metrics and (unless --without-audit) the audit log. Its secrets are sealed
      under a passphrase of at least ${PASSPHRASE_MIN_LENGTH} characters, read from --passphrase-file or
      GATEHOUSE_TRANSFER_PASSPHRASE. Sessions, tokens and emailed links do not move.
  import-organisation <file> [--name <new name>] [--passphrase-file <file>]
      Recreates the exported organisation here (all of it or nothing), under its own name or <new name>.

The database and hostnames come from the same environment variables as the server (see README).`;

class UsageError extends Error {}

/** Each command context's wait for its organisation notices to reach the running servers (through Redis). */
const published = new WeakMap<AppContext, () => Promise<void>>();

/** The context a command works in; what it changes in an organisation is told to the running servers. */
async function openCommandContext(config: Config): Promise<AppContext> {
  const ctx = await openContext(config);
  published.set(
    ctx,
    publishOrganisationChanges(ctx, (text) => console.error(text)),
  );
  return ctx;
}

/** Waits until the running servers were told (or Redis was given up on), then closes the database. */
async function closeCommandContext(ctx: AppContext): Promise<void> {
  await published.get(ctx)?.();
  await ctx.db.close();
}

async function createOrganisation(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      'display-name': { type: 'string' },
    },
  });
  const name = positionals[0];
  if (!name || positionals.length > 1) throw new UsageError('Give exactly one organisation name.');
  if (!values['admin-email']) throw new UsageError('Give the admin email with --admin-email.');
  if (!values['admin-password']) throw new UsageError('Give the admin password with --admin-password.');
  const config = loadConfig();
  const ctx = await openCommandContext(config);
  try {
    const org = await createOrganisationWithAdmin(ctx, {
      creator: (organisation) => operatorScope(ctx.db.kysely, organisation),
      name,
      displayName: values['display-name'],
      adminEmail: values['admin-email'],
      adminPassword: values['admin-password'],
    });
    console.log(`Created organisation ${org.name} with admin ${values['admin-email'].toLowerCase()}.`);
    console.log(`Sign in at ${originFor(config, org.hostname)}/`);
  } finally {
    await closeCommandContext(ctx);
  }
}

async function runJobs(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { job: { type: 'string' } } });
  const jobs = values.job ? JOBS.filter((job) => job.name === values.job) : JOBS;
  if (jobs.length === 0) throw new UsageError(`There is no job named "${values.job}". Jobs: ${JOBS.map((j) => j.name).join(', ')}.`);
  const ctx = await openCommandContext(loadConfig());
  let failed = false;
  try {
    for (const job of jobs) {
      const outcome = await runJobOnce(ctx, job, { force: true });
      if (outcome.status === 'ran') {
        console.log(`${job.name}: ${outcome.result ?? 'done'}`);
        for (const warning of outcome.warnings) console.error(`${job.name}: warning: ${warning}`);
      } else if (outcome.status === 'skipped') console.log(`${job.name}: skipped, another process is running it`);
      else {
        failed = true;
        console.error(`${job.name}: failed: ${outcome.error}`);
      }
    }
  } finally {
    // Jobs may have queued mail and webhooks: let their delivery finish before the database closes.
    await ctx.delivery.idle();
    await ctx.delivery.close();
    await closeCommandContext(ctx);
  }
  if (failed) throw new Error('Some jobs failed.');
}

async function outbox(args: string[]): Promise<void> {
  const ctx = await openCommandContext(loadConfig());
  try {
    await outboxCommand(ctx, args, (message) => new UsageError(message));
  } finally {
    await closeCommandContext(ctx);
  }
}

async function importUsers(args: string[]): Promise<void> {
  const ctx = await openCommandContext(loadConfig());
  try {
    await importUsersCommand(ctx, args, (message) => new UsageError(message));
  } finally {
    await closeCommandContext(ctx);
  }
}

async function exportUsers(args: string[]): Promise<void> {
  const ctx = await openCommandContext(loadConfig());
  try {
    await exportUsersCommand(ctx, args, (message) => new UsageError(message));
  } finally {
    await closeCommandContext(ctx);
  }
}

async function rotateKeys(args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const name = positionals[0];
  if (!name || positionals.length > 1) throw new UsageError('Give exactly one organisation name.');
  const ctx = await openCommandContext(loadConfig());
  try {
    const rotated = await rotateOrganisationKeys(ctx, name.toLowerCase());
    if (!rotated) throw new Error(`There is no organisation named "${name}".`);
    console.log(
      `Rotated the signing keys of ${rotated.organisation}. Signing now: ${rotated.keys.map((k) => `${k.alg} ${k.kid}`).join(', ')}.`,
    );
    console.log(`The previous keys stay published for verification until ${new Date(rotated.previousUntil).toISOString()}.`);
  } finally {
    await closeCommandContext(ctx);
  }
}

async function resetMfa(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { email: { type: 'string' } } });
  const name = positionals[0];
  if (!name || positionals.length > 1) throw new UsageError('Give exactly one organisation name.');
  if (!values.email) throw new UsageError("Give the user's email with --email.");
  const ctx = await openCommandContext(loadConfig());
  try {
    if (!(await resetTwoStepByEmail(ctx, name, values.email, (organisation) => operatorScope(ctx.db.kysely, organisation))))
      throw new Error(`There is no user ${values.email} in an organisation named "${name}".`);
    console.log(`Multi-factor authentication reset for ${values.email.toLowerCase()} of ${name.toLowerCase()}.`);
  } finally {
    await closeCommandContext(ctx);
  }
}

async function enableUser(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { email: { type: 'string' } } });
  const name = positionals[0];
  if (!name || positionals.length > 1) throw new UsageError('Give exactly one organisation name.');
  if (!values.email) throw new UsageError("Give the user's email with --email.");
  const ctx = await openCommandContext(loadConfig());
  try {
    const status = await enableUserByOperator(ctx, name, values.email, (organisation) => operatorScope(ctx.db.kysely, organisation));
    if (!status) throw new Error(`There is no Disabled, Inactive or locked-out user ${values.email} in an organisation named "${name}".`);
    console.log(`Enabled ${values.email.toLowerCase()} of ${name.toLowerCase()} (status now ${status}).`);
  } finally {
    await closeCommandContext(ctx);
  }
}

async function disableConnection(args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [name, connection] = positionals;
  if (!name || !connection || positionals.length > 2)
    throw new UsageError('Give the organisation name and the connection (its id or name).');
  const ctx = await openCommandContext(loadConfig());
  try {
    const outcome = await disableConnectionByOperator(ctx, name, connection, (organisation) => operatorScope(ctx.db.kysely, organisation));
    if (!outcome) throw new Error(`There is no organisation named "${name}".`);
    if ('known' in outcome) {
      const list = outcome.known.map((row) => `  ${row.id}  ${row.name}${row.enabled ? '' : ' (disabled)'}`).join('\n');
      throw new Error(
        `Organisation ${name.toLowerCase()} has no connection "${connection}". ${list ? `Its connections:\n${list}` : 'It has no connections.'}`,
      );
    }
    console.log(
      `Disabled the connection "${outcome.disabled.name}" (${outcome.disabled.id}) of ${name.toLowerCase()}: its people sign in with their passwords again.`,
    );
  } finally {
    await closeCommandContext(ctx);
  }
}

/** Ends the command with this exit status; what to say was already said. */
class ExitStatus extends Error {
  readonly code: number;
  constructor(code: number) {
    super(`exit ${code}`);
    this.code = code;
  }
}

async function doctor(args: string[]): Promise<void> {
  parseArgs({ args, options: {} });
  const code = await runDoctor();
  if (code !== 0) throw new ExitStatus(code);
}

async function backup(args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const target = positionals[0];
  if (!target || positionals.length > 1) throw new UsageError('Give the file to write the backup to.');
  try {
    console.log(await backupDatabase(loadConfig(), target));
  } catch (error) {
    if (!(error instanceof BackupRefused)) throw error;
    console.error(error.message);
    throw new ExitStatus(1);
  }
}

async function reencrypt(args: string[]): Promise<void> {
  parseArgs({ args, options: {} });
  const config = loadConfig();
  if (!config.keyEncryptionKeyDecryptOnly)
    throw new UsageError('Set the previous key as KEY_ENCRYPTION_KEY_DECRYPT_ONLY (and the new one as KEY_ENCRYPTION_KEY) first.');
  const ctx = await openCommandContext(config);
  try {
    const done = await reencryptSecrets(ctx);
    console.log(
      `Sealed under the new KEY_ENCRYPTION_KEY: ${done.signingKeys} signing keys, ${done.authenticatorKeys} authenticator keys, ${done.enrolments} set-ups in progress, ${done.webhookSecrets} webhook secrets, ${done.clientSecrets} client secrets (client_secret_jwt), ${done.connectionSecrets} sign-in connection secrets, ${done.connectionKeys} sign-in connection keys, ${done.samlNameIdSecrets} SAML NameID secrets.`,
    );
    console.log(
      'Recovery codes made before the rotation are checked under KEY_ENCRYPTION_KEY_DECRYPT_ONLY while it is set: they stop working when it is removed.',
    );
  } finally {
    await closeCommandContext(ctx);
  }
}

/** The passphrase of an organisation export: from a file (its first line), or the environment. */
function transferPassphrase(file: string | undefined): string {
  if (file) return readFileSync(file, 'utf8').split(/\r?\n/)[0] ?? '';
  const fromEnvironment = process.env.GATEHOUSE_TRANSFER_PASSPHRASE;
  if (!fromEnvironment) throw new UsageError('Give the passphrase with --passphrase-file or GATEHOUSE_TRANSFER_PASSPHRASE.');
  return fromEnvironment;
}

/** Runs a transfer; what it refuses is said plainly, with nothing changed. */
async function transfer(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof TransferRefused)) throw error;
    console.error(`Nothing was changed. ${error.message}`);
    throw new ExitStatus(1);
  }
}

async function exportCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'without-audit': { type: 'boolean' }, 'passphrase-file': { type: 'string' } },
  });
  const [name, target] = positionals;
  if (!name || !target || positionals.length > 2) throw new UsageError('Give the organisation name and the file to write.');
  const destination = path.resolve(target);
  if (existsSync(destination)) throw new UsageError(`${destination} already exists: give a new file name.`);
  const passphrase = transferPassphrase(values['passphrase-file']);
  const ctx = await openCommandContext(loadConfig());
  try {
    await transfer(async () => {
      const document = await exportOrganisation(ctx, name, {
        scopeFor: (organisation) => operatorScope(ctx.db.kysely, organisation),
        passphrase,
        withAudit: !values['without-audit'],
      });
      // It holds password hashes: readable by the operator only, and written whole or not at all.
      writeFileSync(`${destination}.partial`, JSON.stringify(document), { mode: 0o600 });
      renameSync(`${destination}.partial`, destination);
      const counted = Object.entries(document.tables).map(([table, rows]) => `${rows.length} ${table}`);
      console.log(`Exported ${name.toLowerCase()} to ${destination}: ${counted.join(', ')}.`);
    });
  } finally {
    await closeCommandContext(ctx);
  }
}

async function importCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { name: { type: 'string' }, 'passphrase-file': { type: 'string' } },
  });
  const source = positionals[0];
  if (!source || positionals.length > 1) throw new UsageError('Give the export file to import.');
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(source, 'utf8'));
  } catch (error) {
    throw new UsageError(`${source} is not a readable JSON file (${error instanceof Error ? error.message : String(error)}).`);
  }
  const passphrase = transferPassphrase(values['passphrase-file']);
  const ctx = await openCommandContext(loadConfig());
  try {
    await transfer(async () => {
      const report = await importOrganisation(ctx, input, {
        scopeFor: (organisation) => operatorScope(ctx.db.kysely, organisation),
        passphrase,
        name: values.name,
      });
      const counted = Object.entries(report.counts).map(([table, count]) => `${count} ${table}`);
      console.log(`Imported ${report.name}: ${counted.join(', ')}.`);
      console.log(`Sign in at ${report.origin}/`);
      for (const warning of report.warnings) console.log(`Note: ${warning}`);
    });
  } finally {
    await closeCommandContext(ctx);
  }
}

/** The version in the root package.json (the image keeps it in /app). */
function gatehouseVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}

async function version(args: string[]): Promise<void> {
  parseArgs({ args, options: {} });
  console.log(`Gatehouse ${gatehouseVersion()} on Node.js ${process.versions.node}`);
}

async function migrateCommand(args: string[]): Promise<void> {
  parseArgs({ args, options: {} });
  const config = loadConfig();
  const db = openDatabase(config.database);
  const before = await migrationStatus(db)
    .catch((error: unknown) => {
      throw explained(error, config);
    })
    .finally(() => db.close());
  if (before.unknown.length > 0)
    throw new Error(
      `The database was migrated by a newer Gatehouse (${before.unknown.join(', ')}): migrations only go forward. Run that version, or restore a backup.`,
    );
  // As a server starts: migrates under the lock, checks KEY_ENCRYPTION_KEY, makes the base organisation.
  await closeCommandContext(await openCommandContext(config));
  console.log(
    before.pending.length === 0
      ? `Nothing to migrate: the database has every migration of Gatehouse ${gatehouseVersion()} (${before.applied}).`
      : `Applied ${before.pending.length} migrations for Gatehouse ${gatehouseVersion()}: ${before.pending.join(', ')}.`,
  );
}

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  version,
  migrate: migrateCommand,
  'export-organisation': exportCommand,
  'import-organisation': importCommand,
  'reencrypt-secrets': reencrypt,
  backup,
  doctor,
  'enable-user': enableUser,
  'disable-connection': disableConnection,
  'create-organisation': createOrganisation,
  'run-jobs': runJobs,
  outbox,
  'import-users': importUsers,
  'export-users': exportUsers,
  'rotate-keys': rotateKeys,
  'reset-mfa': resetMfa,
};

export async function runCli(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const run = COMMANDS[command];
  if (!run) {
    console.error(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  }
  try {
    // What the operator changes is theirs in the audit log: each command works in operatorScope.
    await run(rest);
    return 0;
  } catch (error) {
    if (error instanceof ExitStatus) return error.code;
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError) console.error(error.message);
    else if (error instanceof AppError) console.error(describeAppError(error));
    else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
      console.error(`${error.message}\n\n${USAGE}`);
    else console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

function describeAppError(error: AppError): string {
  const details = Object.values(error.errors).map(({ message }) => message);
  return `Nothing was changed. ${details.length > 0 ? details.join(' ') : error.message}`;
}
