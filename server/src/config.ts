/**
 * The one configuration object, read from the environment once at start. Nothing else reads env.
 * A bad value stops the start with a sentence that names the variable.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

import { AUDIT_RETENTION_DAYS_DEFAULT } from '@gatehouse/common/audit';
import { z } from 'zod';

/** How long an organisation is cached when no other process can tell us it changed (ORGANISATION_CACHE_SECONDS). */
export const ORGANISATION_CACHE_MS = 2000;

/**
 * How many organisations' providers a process keeps built (PROVIDER_CACHE_SIZE): a thousand active
 * organisations fit (about 70 KB of heap each, bench/README.md); beyond, the least recently used are rebuilt
 * when next needed (a few milliseconds).
 */
export const PROVIDER_CACHE_SIZE_DEFAULT = 1000;

/**
 * A number from the environment whose every failure says what it must be ("abc" would otherwise read
 * "expected number, received NaN"). `what` names the kind, e.g. 'a whole number of days'.
 */
function numberSetting(what: string, min: number, max: number, whole = true) {
  const must = `must be ${what} from ${min} to ${max}`;
  const value = z.coerce.number({ error: must }).min(min, must).max(max, must);
  return whole ? value.int(must) : value;
}

const port = numberSetting('a port number', 0, 65535);
const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/,
    'must be a hostname such as localhost or id.example.com',
  );
const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('localhost'),
  // Unset: the SQLite file gatehouse.db in DATA_DIR.
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^sqlite:.+/.test(v) || /^postgres(ql)?:\/\/.+/.test(v), 'must be sqlite:<path> or postgres://...'),
  BASE_HOSTNAME: hostname.default('localhost'),
  PUBLIC_SCHEME: z.enum(['http', 'https']).default('http'),
  PUBLIC_PORT: port.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: flag.default(false),
  RATE_LIMITS: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  DB_POOL_SIZE: numberSetting('a whole number of connections', 1, 500).default(10),
  DB_CONNECT_TIMEOUT_SECONDS: numberSetting('a number of seconds', 0.1, 300, false).optional(),
  DB_STATEMENT_TIMEOUT_SECONDS: numberSetting('a number of seconds', 0.1, 3600, false).optional(),
  DB_IDLE_TIMEOUT_SECONDS: numberSetting('a number of seconds', 1, 3600, false).optional(),
  RUN_JOBS: flag.default(true),
  METRICS_PORT: z.union([z.literal('off'), port], { error: 'must be a port number from 0 to 65535, or off' }).default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  WEBHOOKS_ALLOW_PRIVATE: flag.default(false),
  ORGANISATION_CACHE_SECONDS: numberSetting('a number of seconds', 0.1, 60, false).default(ORGANISATION_CACHE_MS / 1000),
  PROVIDER_CACHE_SIZE: numberSetting('a whole number of organisations', 1, 100_000).default(PROVIDER_CACHE_SIZE_DEFAULT),
  AUDIT_RETENTION_DAYS: numberSetting('a whole number of days', 1, 3650).default(AUDIT_RETENTION_DAYS_DEFAULT),
  SHUTDOWN_DRAIN_SECONDS: numberSetting('a number of seconds', 0, 300, false).default(5),
  WORKERS: z
    .union([z.literal('auto'), numberSetting('a whole number of processes', 1, 256)], {
      error: 'must be a whole number of processes from 1 to 256, or auto (one per core)',
    })
    .default(1),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be smtp://user:password@host:port or smtps://...')
    .optional(),
  MAIL_FROM: z
    .string()
    .max(320)
    .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address such as "Gatehouse <no-reply@example.com>"')
    .optional(),
  KEY_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  KEY_ENCRYPTION_KEY_DECRYPT_ONLY: z.string().min(32, 'must be at least 32 characters').optional(),
  SUPPORT_EMAIL: z
    .string()
    .max(254)
    .regex(/^[^\s@<>"]+@[^\s@<>"]+$/, 'must be an email address such as support@example.com')
    .optional(),
  DATA_CONTROLLER: z
    .string()
    .trim()
    .min(1)
    .max(300, 'must be at most 300 characters')
    .regex(/^[^\r\n]*$/, 'must be one line')
    .optional(),
  DEMO_LIFETIME_HOURS: numberSetting('a whole number of hours', 1, 720).default(24),
  SMS_API_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be the base URL of a Twilio-compatible API, such as https://api.twilio.com')
    .transform((v) => v.replace(/\/+$/, ''))
    .default('https://api.twilio.com'),
  SMS_ACCOUNT_SID: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be the account id (for Twilio, AC followed by 32 characters)')
    .optional(),
  SMS_AUTH_TOKEN: z.string().min(1).max(200).optional(),
  SMS_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32}|[A-Za-z0-9 ]{1,11})$/,
      'must be a phone number such as +15005550006, a messaging service id (MG...) or a sender name of up to 11 letters and digits',
    )
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, 'must be redis://[user:password@]host:6379[/db] or rediss://...')
    .optional(),
});

/** Variables that may instead be read from a file named by NAME_FILE (container secrets, e.g. /run/secrets/cookie_secret). */
const FILE_VARIABLES = [
  'COOKIE_SECRET',
  'KEY_ENCRYPTION_KEY',
  'KEY_ENCRYPTION_KEY_DECRYPT_ONLY',
  'DATABASE_URL',
  'SMTP_URL',
  'SMS_AUTH_TOKEN',
  'REDIS_URL',
] as const;

/** Every environment variable Gatehouse reads (compose.yaml's test checks it sets no other). */
export const CONFIG_VARIABLES: readonly string[] = [...Object.keys(envSchema.shape), ...FILE_VARIABLES.map((name) => `${name}_FILE`)];

export type Config = {
  port: number;
  host: string;
  database: { kind: 'sqlite'; path: string } | ({ kind: 'postgres'; url: string; poolSize: number } & DatabaseTimeouts);
  baseHostname: string;
  publicScheme: 'http' | 'https';
  /** The port that appears in public URLs; null when it is the scheme's default. */
  publicPort: number | null;
  dataDir: string;
  cookieSecret: string;
  trustProxy: boolean;
  /** The limits by address and by identifier (common/src/policy.ts RATE_LIMITS); off only for load tests. */
  rateLimits: boolean;
  logLevel: string;
  /** One short line per request for a person at a terminal, or JSON lines for a log collector. */
  logFormat: 'pretty' | 'json';
  /** Whether this process runs the scheduled jobs (they run once across processes either way). */
  runJobs: boolean;
  /** Server processes `npm start` runs on this machine, sharing its port (1: this process serves). */
  workers: number;
  /** On SIGTERM, how long the process keeps serving while saying it is not ready, before it closes. */
  shutdownDrainMs: number;
  /** SMTP delivery; null keeps every message in the development outbox instead. */
  mail: { smtpUrl: string; from: string } | null;
  /** Encrypts the organisations' OpenID Connect signing keys at rest; every process must share it. */
  keyEncryptionKey: string;
  /** When KEY_ENCRYPTION_KEY is not set: the DATA_DIR file it was read from, and whether this process just made it. */
  keyEncryptionKeyFile?: string;
  keyEncryptionKeyCreated?: boolean;
  /** During a rotation of KEY_ENCRYPTION_KEY: another key accepted for reading (never for writing); null otherwise. */
  keyEncryptionKeyDecryptOnly: string | null;
  /** Where the help page's contact form sends its messages; also the contact address of the privacy policy. */
  supportEmail: string;
  /** Who is responsible for the personal data, as the privacy policy names them. */
  dataController: string;
  /** How long a demo organisation lives before the demo-cleanup job deletes it. */
  demoLifetimeMs: number;
  /** A Twilio-compatible Messages API for SMS codes; null keeps every text in the development outbox instead. */
  sms: { apiUrl: string; accountSid: string; authToken: string; from: string } | null;
  /** Redis, through which processes tell each other at once that an organisation changed; null when there is one process or none is set. */
  redisUrl: string | null;
  /** Where Prometheus scrapes /metrics: a separate listener, loopback by default; null turns it off. */
  telemetry: { port: number; host: string } | null;
  /** Let webhooks reach private, loopback and link-local addresses over http too (development only). */
  webhooksAllowPrivate: boolean;
  /** How long audit events are kept before the audit-retention job deletes them. */
  auditRetentionDays: number;
  /** How long a process keeps its copy of an organisation when no Redis tells it of changes. */
  organisationCacheMs: number;
  /** How many organisations' OpenID Providers a process keeps built (least recently used dropped first). */
  providerCacheSize: number;
};

/** PostgreSQL time limits, so an unreachable or silent database gives prompt 503s instead of hung requests. */
export interface DatabaseTimeouts {
  /** To open a connection, or to wait for a free one of the pool. */
  connectTimeoutMs: number;
  /** Longest a statement may run on the server (statement_timeout), and, a little longer, wait for its answer. */
  statementTimeoutMs: number;
  /** An unused pooled connection is closed after this long. */
  idleTimeoutMs: number;
}

/** The defaults of DB_CONNECT_TIMEOUT_SECONDS, DB_STATEMENT_TIMEOUT_SECONDS and DB_IDLE_TIMEOUT_SECONDS. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectTimeoutMs: 5000, statementTimeoutMs: 30_000, idleTimeoutMs: 30_000 };

export class ConfigError extends Error {}

/** Variables whose values may hold credentials: an error names them but never echoes them. */
const SECRET_VARIABLES = new Set([
  'COOKIE_SECRET',
  'SMTP_URL',
  'KEY_ENCRYPTION_KEY',
  'KEY_ENCRYPTION_KEY_DECRYPT_ONLY',
  'SMS_AUTH_TOKEN',
  'REDIS_URL',
]);

function readSecretFiles(env: NodeJS.ProcessEnv, cwd: string): NodeJS.ProcessEnv {
  const result = { ...env };
  for (const name of FILE_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) throw new ConfigError(`Both ${name} and ${name}_FILE are set: set only one.`);
    try {
      result[name] = readFileSync(path.resolve(cwd, file), 'utf8').trim();
    } catch (error) {
      throw new ConfigError(
        `The environment variable ${name}_FILE names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
      );
    }
  }
  return result;
}

/**
 * Parses the environment into a Config, or throws a ConfigError whose message names the variable.
 * `createSecrets: false` writes nothing to DATA_DIR (a secret not there yet is a random one in memory).
 */
export function loadConfig(
  givenEnv: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
  { createSecrets = true }: { createSecrets?: boolean } = {},
): Config {
  const env = readSecretFiles(givenEnv, cwd);
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    const shown = SECRET_VARIABLES.has(name) ? 'its value is not shown' : `it is ${JSON.stringify(env[name])}`;
    throw new ConfigError(`The environment variable ${name} is not valid: ${issue.message} (${shown}).`);
  }
  const e = parsed.data;
  if (Boolean(e.SMTP_URL) !== Boolean(e.MAIL_FROM)) {
    const missing = e.SMTP_URL ? 'MAIL_FROM' : 'SMTP_URL';
    throw new ConfigError(`The environment variable ${missing} is not set: SMTP_URL and MAIL_FROM are needed together to send email.`);
  }
  const smsParts = { SMS_ACCOUNT_SID: e.SMS_ACCOUNT_SID, SMS_AUTH_TOKEN: e.SMS_AUTH_TOKEN, SMS_FROM: e.SMS_FROM };
  const smsMissing = Object.entries(smsParts).filter(([, v]) => !v);
  if (smsMissing.length > 0 && smsMissing.length < 3) {
    throw new ConfigError(
      `The environment variable ${smsMissing[0]![0]} is not set: SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM are needed together to send SMS.`,
    );
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const keyFile = e.KEY_ENCRYPTION_KEY ? null : secretInDataDir(dataDir, 'key-encryption-key', createSecrets);
  const publicPort = e.PUBLIC_PORT ?? e.PORT;
  const defaultPort = e.PUBLIC_SCHEME === 'https' ? 443 : 80;
  return {
    port: e.PORT,
    host: e.HOST,
    database: !e.DATABASE_URL
      ? { kind: 'sqlite', path: path.join(dataDir, 'gatehouse.db') }
      : e.DATABASE_URL.startsWith('sqlite:')
        ? {
            kind: 'sqlite',
            path: e.DATABASE_URL === 'sqlite::memory:' ? ':memory:' : path.resolve(cwd, e.DATABASE_URL.slice('sqlite:'.length)),
          }
        : {
            kind: 'postgres',
            url: e.DATABASE_URL,
            poolSize: e.DB_POOL_SIZE,
            connectTimeoutMs: seconds(e.DB_CONNECT_TIMEOUT_SECONDS) ?? DEFAULT_DATABASE_TIMEOUTS.connectTimeoutMs,
            statementTimeoutMs: seconds(e.DB_STATEMENT_TIMEOUT_SECONDS) ?? DEFAULT_DATABASE_TIMEOUTS.statementTimeoutMs,
            idleTimeoutMs: seconds(e.DB_IDLE_TIMEOUT_SECONDS) ?? DEFAULT_DATABASE_TIMEOUTS.idleTimeoutMs,
          },
    baseHostname: e.BASE_HOSTNAME,
    publicScheme: e.PUBLIC_SCHEME,
    publicPort: publicPort === defaultPort ? null : publicPort,
    dataDir,
    cookieSecret: e.COOKIE_SECRET ?? secretInDataDir(dataDir, 'cookie-secret', createSecrets).secret,
    trustProxy: e.TRUST_PROXY,
    rateLimits: e.RATE_LIMITS,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT === 'auto' ? (process.stdout.isTTY && process.env.NODE_ENV !== 'production' ? 'pretty' : 'json') : e.LOG_FORMAT,
    runJobs: e.RUN_JOBS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    workers: e.WORKERS === 'auto' ? availableParallelism() : e.WORKERS,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : null,
    keyEncryptionKey: e.KEY_ENCRYPTION_KEY ?? keyFile!.secret,
    ...(keyFile ? { keyEncryptionKeyFile: keyFile.file, keyEncryptionKeyCreated: keyFile.created } : {}),
    keyEncryptionKeyDecryptOnly: e.KEY_ENCRYPTION_KEY_DECRYPT_ONLY ?? null,
    // RFC 2142's mailbox for customer service, on the deployment's own domain, unless told otherwise.
    supportEmail: e.SUPPORT_EMAIL ?? `support@${e.BASE_HOSTNAME}`,
    dataController: e.DATA_CONTROLLER ?? `The operator of ${e.BASE_HOSTNAME}`,
    demoLifetimeMs: e.DEMO_LIFETIME_HOURS * 60 * 60 * 1000,
    sms:
      e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? { apiUrl: e.SMS_API_URL, accountSid: e.SMS_ACCOUNT_SID, authToken: e.SMS_AUTH_TOKEN, from: e.SMS_FROM }
        : null,
    redisUrl: e.REDIS_URL ?? null,
    telemetry: e.METRICS_PORT === 'off' ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    organisationCacheMs: e.ORGANISATION_CACHE_SECONDS * 1000,
    providerCacheSize: e.PROVIDER_CACHE_SIZE,
  };
}

const seconds = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 1000));

/** A secret kept in the data directory, created (mode 0600) on first use so restarts keep sessions valid. */
export function readOrCreateSecret(dataDir: string, name: DataDirSecret): string {
  return secretInDataDir(dataDir, name, true).secret;
}

/** The secrets generated into DATA_DIR when their variable is unset. */
export const DATA_DIR_SECRETS = { 'cookie-secret': 'COOKIE_SECRET', 'key-encryption-key': 'KEY_ENCRYPTION_KEY' } as const;
export type DataDirSecret = keyof typeof DATA_DIR_SECRETS;

/**
 * Reads the secret, or (`create`) makes it. Without `create` nothing is written: a secret that cannot be
 * read is a random one held in memory only (doctor, which changes nothing, checks DATA_DIR itself).
 */
function secretInDataDir(dataDir: string, name: DataDirSecret, create: boolean): { secret: string; file: string; created: boolean } {
  const file = path.join(dataDir, name);
  try {
    return { secret: readFileSync(file, 'utf8').trim(), file, created: false };
  } catch (error) {
    if (!create) return { secret: randomBytes(32).toString('base64url'), file, created: true };
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw dataDirError(dataDir, name, error);
  }
  const secret = randomBytes(32).toString('base64url');
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return { secret, file, created: true };
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { secret: readFileSync(file, 'utf8').trim(), file, created: false };
    throw dataDirError(dataDir, name, error);
  }
}

function dataDirError(dataDir: string, name: DataDirSecret, error: unknown): ConfigError {
  const variable = DATA_DIR_SECRETS[name];
  const code = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
  return new ConfigError(
    `DATA_DIR ${dataDir} cannot be used by this user (${code} on ${path.join(dataDir, name)}): ${variable} is not set, so it is kept there. ` +
      `Make the directory writable by the user the server runs as (for example with chown), set DATA_DIR to one that is, or set ${variable} (or ${variable}_FILE).`,
  );
}

/** The public origin of a host of this deployment, e.g. http://acme.localhost:3000. */
export function originFor(config: Config, host: string): string {
  return `${config.publicScheme}://${host}${config.publicPort === null ? '' : `:${config.publicPort}`}`;
}

/** The key-encryption keys that may read what is stored: the current one first, then the decrypt-only one of a rotation. */
export function keyEncryptionKeys(config: Pick<Config, 'keyEncryptionKey' | 'keyEncryptionKeyDecryptOnly'>): string[] {
  return config.keyEncryptionKeyDecryptOnly ? [config.keyEncryptionKey, config.keyEncryptionKeyDecryptOnly] : [config.keyEncryptionKey];
}

/** host:port/database of a PostgreSQL URL, without its credentials. */
export function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'the configured server';
  }
}

/**
 * A sentence for an error met while opening the configured database, saying which setting, what is
 * wrong and what to do; null when the error is not about reaching or opening it.
 */
export function explainDatabaseError(error: unknown, database: Config['database']): string | null {
  const { code, message } = error as { code?: string; message?: string };
  if (database.kind === 'sqlite') {
    if (code !== 'ERR_SQLITE_ERROR' && code !== 'EACCES' && code !== 'EROFS') return null;
    return (
      `The SQLite database ${database.path} cannot be opened (${message ?? code}). Make its directory writable by the user the server ` +
      'runs as, or set DATA_DIR (or DATABASE_URL=sqlite:<path>) to a place it can write.'
    );
  }
  const where = describePostgres(database.url);
  const host = where.split(':')[0];
  const check = 'Check DATABASE_URL (or the file DATABASE_URL_FILE names) and that PostgreSQL runs there.';
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `DATABASE_URL names the host ${host}, which this machine cannot resolve (${code}). ${check}`;
    case 'ECONNREFUSED':
      return `DATABASE_URL points at ${where}, where nothing accepts connections (ECONNREFUSED). ${check}`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `DATABASE_URL points at ${where}, which cannot be reached (${code}). ${check}`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${where} refused the user of DATABASE_URL (${code}: ${message}). Check its user name and password, and pg_hba.conf.`;
    case '3D000':
      return `PostgreSQL at ${where} has no such database (${message}). Create it (createdb), or correct the database name in DATABASE_URL.`;
  }
  if (message && /timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(message))
    return `DATABASE_URL points at ${where}, which did not answer within DB_CONNECT_TIMEOUT_SECONDS. ${check}`;
  return null;
}
