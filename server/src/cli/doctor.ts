/**
 * `gatehouse doctor`: checks what a deployment depends on (configuration, database, SMTP, SMS, Redis)
 * and says in plain words what is wrong. It changes nothing: no migration runs, nothing is sent.
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import path from 'node:path';

import { createClient } from '@redis/client';
import { sql } from 'kysely';

import { type Config, ConfigError, DATA_DIR_SECRETS, describePostgres, explainDatabaseError, loadConfig, originFor } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrationStatus } from '../db/migrations/index.ts';
import { checkSmsAccount } from '../outbound/sms.ts';
import { verifySmtp } from '../outbound/smtp.ts';
import { checkKeyEncryptionKey, KeyEncryptionKeyMismatch } from '../security/key-check.ts';

type Level = 'ok' | 'warn' | 'FAIL' | 'off';
interface Finding {
  level: Level;
  area: string;
  text: string;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();

function configurationFindings(config: Config, env: NodeJS.ProcessEnv): Finding[] {
  const area = 'Configuration';
  const findings: Finding[] = [
    { level: 'ok', area, text: `served at ${originFor(config, config.baseHostname)}/ and its organisations' subdomains.` },
  ];
  const local = config.baseHostname === 'localhost' || config.baseHostname.endsWith('.localhost');
  if (config.publicScheme === 'http' && !local)
    findings.push({
      level: 'warn',
      area,
      text: `PUBLIC_SCHEME is http on ${config.baseHostname}: cookies are not Secure. Put TLS in front and set PUBLIC_SCHEME=https.`,
    });
  if (config.publicScheme === 'https' && !config.trustProxy)
    findings.push({
      level: 'warn',
      area,
      text: 'PUBLIC_SCHEME is https but TRUST_PROXY is false: behind a TLS-terminating proxy set TRUST_PROXY=true, or client addresses are the proxy.',
    });
  const several = config.database.kind === 'postgres';
  for (const name of ['COOKIE_SECRET', 'KEY_ENCRYPTION_KEY'] as const)
    if (!env[name])
      findings.push({
        level: several ? 'warn' : 'ok',
        area,
        text: `${name} is not set: the one kept in ${config.dataDir} is used.${several ? ' Every process must share it: set it from your secret store.' : ''}${name === 'KEY_ENCRYPTION_KEY' ? ' Back it up: without it the signing keys cannot be read.' : ''}`,
      });
  if (config.keyEncryptionKeyDecryptOnly)
    findings.push({
      level: 'warn',
      area,
      text: 'KEY_ENCRYPTION_KEY_DECRYPT_ONLY is set: a key rotation is under way. Once every process has the new key, run gatehouse reencrypt-secrets.',
    });
  findings.push(...dataDirFindings(config, env));
  return findings;
}

/** Whether a path is there for this user: ENOENT is missing, any other failure (EACCES on a parent) unreachable. */
function pathState(file: string): 'present' | 'missing' | string {
  try {
    statSync(file);
    return 'present';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return code === 'ENOENT' ? 'missing' : code;
  }
}

const writable = (dir: string) => {
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * What the server will need of DATA_DIR: to create it when it is missing, and to read or create there the
 * secrets whose variables are unset and the SQLite file it holds. A directory the server only reads is fine.
 */
function dataDirFindings(config: Config, env: NodeJS.ProcessEnv): Finding[] {
  const area = 'Configuration';
  const dir = config.dataDir;
  const fix = `make it writable by the user the server runs as (for example with chown), or set DATA_DIR to a directory that is`;
  const state = pathState(dir);
  if (state === 'missing') {
    let parent = path.dirname(dir);
    while (pathState(parent) === 'missing' && path.dirname(parent) !== parent) parent = path.dirname(parent);
    return writable(parent)
      ? [{ level: 'ok', area, text: `DATA_DIR ${dir} does not exist yet; the server creates it when it first starts.` }]
      : [
          {
            level: 'FAIL',
            area,
            text: `DATA_DIR ${dir} does not exist, and this user cannot create it in ${parent}: create it and ${fix}.`,
          },
        ];
  }
  if (state !== 'present') return [{ level: 'FAIL', area, text: `DATA_DIR ${dir} cannot be reached by this user (${state}): ${fix}.` }];
  const canWrite = writable(dir);
  const findings: Finding[] = [];
  for (const [name, variable] of Object.entries(DATA_DIR_SECRETS)) {
    if (env[variable] || env[`${variable}_FILE`]) continue;
    const file = path.join(dir, name);
    const secret = pathState(file);
    if (secret === 'missing' && !canWrite)
      findings.push({
        level: 'FAIL',
        area,
        text: `DATA_DIR ${dir} is not writable by this user, and the server must create ${name} there (${variable} is not set): ${fix}, or set ${variable}.`,
      });
    else if (secret === 'present') {
      try {
        accessSync(file, constants.R_OK);
      } catch (error) {
        findings.push({
          level: 'FAIL',
          area,
          text: `${file} cannot be read by this user (${(error as NodeJS.ErrnoException).code}): ${fix}, or set ${variable}.`,
        });
      }
    }
  }
  if (!canWrite && config.database.kind === 'sqlite' && path.dirname(config.database.path) === dir)
    findings.push({
      level: 'FAIL',
      area,
      text: `DATA_DIR ${dir} is not writable by this user, and the SQLite database is kept there: ${fix}.`,
    });
  return findings;
}

async function databaseFindings(config: Config): Promise<Finding[]> {
  const area = 'Database';
  const where =
    config.database.kind === 'sqlite' ? `SQLite at ${config.database.path}` : `PostgreSQL at ${describePostgres(config.database.url)}`;
  if (config.database.kind === 'sqlite' && config.database.path !== ':memory:' && !existsSync(config.database.path))
    return [{ level: 'warn', area, text: `${where} does not exist yet; the server creates it when it first starts.` }];
  const db = openDatabase(config.database);
  try {
    await sql`select 1`.execute(db.kysely);
    const status = await migrationStatus(db);
    const findings: Finding[] = [{ level: 'ok', area, text: `${where} answers; ${status.applied} migrations applied.` }];
    if (status.unknown.length > 0)
      findings.push({
        level: 'FAIL',
        area,
        text: `the database was migrated by a newer Gatehouse (${status.unknown.join(', ')}); migrations only go forward: run that version or restore a backup.`,
      });
    if (status.pending.length > 0)
      findings.push({
        level: 'warn',
        area,
        text: `${status.pending.length} migrations are pending; they run when the server next starts.`,
      });
    else findings.push(await keyFinding(db, config));
    return findings;
  } catch (error) {
    return [{ level: 'FAIL', area, text: explainDatabaseError(error, config.database) ?? `cannot use ${where}: ${reason(error)}.` }];
  } finally {
    await db.close().catch(() => {});
  }
}

/** Decrypts what the database holds sealed, as the server does before it starts. */
async function keyFinding(db: ReturnType<typeof openDatabase>, config: Config): Promise<Finding> {
  const area = 'Keys';
  // Read-only, the configuration holds no key from a file it could not read: checking a stand-in would mislead.
  if (config.keyEncryptionKeyCreated && config.keyEncryptionKeyFile && pathState(config.keyEncryptionKeyFile) !== 'missing')
    return { level: 'FAIL', area, text: `not checked: ${config.keyEncryptionKeyFile} cannot be read by this user.` };
  try {
    await checkKeyEncryptionKey(db, config);
    return { level: 'ok', area, text: 'KEY_ENCRYPTION_KEY opens the keys and secrets stored in the database.' };
  } catch (error) {
    if (error instanceof KeyEncryptionKeyMismatch) return { level: 'FAIL', area, text: error.message };
    return { level: 'FAIL', area, text: `cannot check the stored keys: ${reason(error)}.` };
  }
}

async function smtpFindings(config: Config): Promise<Finding[]> {
  const area = 'SMTP';
  if (!config.mail) return [{ level: 'off', area, text: 'not configured (SMTP_URL, MAIL_FROM): email stays in the development outbox.' }];
  const host = (() => {
    try {
      const url = new URL(config.mail.smtpUrl);
      return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
    } catch {
      return 'the SMTP server';
    }
  })();
  try {
    await verifySmtp(config.mail);
    return [{ level: 'ok', area, text: `${host} accepts connections${config.mail.smtpUrl.includes('@') ? ' and the credentials' : ''}.` }];
  } catch (error) {
    const code = (error as { code?: string }).code;
    const plain =
      code === 'EAUTH'
        ? 'it refused the user name or password in SMTP_URL'
        : code === 'ESOCKET' || code === 'ECONNECTION' || code === 'ETIMEDOUT'
          ? `it cannot be reached (${reason(error)})`
          : reason(error);
    return [{ level: 'FAIL', area, text: `${host}: ${plain}.` }];
  }
}

async function smsFindings(config: Config): Promise<Finding[]> {
  const area = 'SMS';
  if (!config.sms)
    return [
      { level: 'off', area, text: 'not configured (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM): codes stay in the development outbox.' },
    ];
  try {
    await checkSmsAccount(config.sms);
    return [{ level: 'ok', area, text: `${config.sms.apiUrl} accepts the account ${config.sms.accountSid}.` }];
  } catch (error) {
    return [{ level: 'FAIL', area, text: `${reason(error)}.`.replace(/\.\.$/, '.') }];
  }
}

async function redisFindings(config: Config): Promise<Finding[]> {
  const area = 'Redis';
  if (!config.redisUrl)
    return [
      {
        level: 'off',
        area,
        text:
          config.database.kind === 'postgres'
            ? 'not configured (REDIS_URL): with several processes, organisation changes reach the others within 2 s instead of at once.'
            : 'not configured (REDIS_URL); one process needs none.',
      },
    ];
  const client = createClient({ url: config.redisUrl, socket: { connectTimeout: 3000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    const pong = await client.ping();
    return [{ level: pong === 'PONG' ? 'ok' : 'FAIL', area, text: pong === 'PONG' ? 'answers.' : `answered ${pong} instead of PONG.` }];
  } catch (error) {
    return [{ level: 'FAIL', area, text: `cannot be reached or refused us: ${reason(error)}.` }];
  } finally {
    if (client.isOpen) client.destroy();
  }
}

/** Runs every check and prints one line each; resolves with the exit code (1 when something is wrong). */
export async function doctor(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let config: Config;
  try {
    // Nothing written: a secret not in DATA_DIR yet stays unmade (dataDirFindings says what the server will need).
    config = loadConfig(env, process.cwd(), { createSecrets: false });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.log(`FAIL  Configuration: ${error.message}`);
    console.log('\nFix the configuration first; nothing else was checked.');
    return 1;
  }
  const findings = [
    ...configurationFindings(config, env),
    ...(await Promise.all([databaseFindings(config), smtpFindings(config), smsFindings(config), redisFindings(config)])).flat(),
  ];
  for (const { level, area, text } of findings) console.log(`${level.padEnd(4)}  ${area}: ${text}`);
  const failed = findings.filter((f) => f.level === 'FAIL').length;
  const warned = findings.filter((f) => f.level === 'warn').length;
  console.log(
    failed > 0
      ? `\n${failed} ${failed === 1 ? 'problem' : 'problems'} found.`
      : `\nNo problems found${warned > 0 ? ` (${warned} ${warned === 1 ? 'warning' : 'warnings'})` : ''}.`,
  );
  return failed > 0 ? 1 : 0;
}
