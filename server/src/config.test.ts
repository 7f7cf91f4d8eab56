import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { ConfigError, loadConfig, originFor } from './config.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('has defaults that work on a laptop', () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    expect(config.port).toBe(3000);
    expect(config.baseHostname).toBe('localhost');
    expect(config.database).toEqual({ kind: 'sqlite', path: path.join(cwd, 'data/gatehouse.db') });
    expect(originFor(config, 'acme.localhost')).toBe('http://acme.localhost:3000');
  });

  it('keeps the SQLite database in DATA_DIR when only DATA_DIR is set (issue 27: it stayed under ./data)', () => {
    const cwd = tempDir();
    expect(loadConfig({ DATA_DIR: 'state' }, cwd).database).toEqual({ kind: 'sqlite', path: path.join(cwd, 'state', 'gatehouse.db') });
    expect(loadConfig({ DATA_DIR: 'state', DATABASE_URL: 'sqlite:elsewhere.db' }, cwd).database).toEqual({
      kind: 'sqlite',
      path: path.join(cwd, 'elsewhere.db'),
    });
  });

  it('generates the cookie secret once, keeps it private in the data directory, and reuses it', () => {
    const cwd = tempDir();
    const first = loadConfig({}, cwd);
    const second = loadConfig({}, cwd);
    expect(first.cookieSecret).toHaveLength(43);
    expect(second.cookieSecret).toBe(first.cookieSecret);
    const file = path.join(cwd, 'data', 'cookie-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.cookieSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('reads secrets from the files NAME_FILE names (container secrets), and says which file cannot be read', () => {
    const cwd = tempDir();
    writeFileSync(path.join(cwd, 'cookie_secret'), 'c'.repeat(40) + '\n');
    writeFileSync(path.join(cwd, 'database_url'), 'postgres://gatehouse:s3cret@db:5432/gatehouse\n');
    const config = loadConfig({ COOKIE_SECRET_FILE: 'cookie_secret', DATABASE_URL_FILE: path.join(cwd, 'database_url') }, cwd);
    expect(config.cookieSecret).toBe('c'.repeat(40));
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://gatehouse:s3cret@db:5432/gatehouse' });
    expect(() => loadConfig({ KEY_ENCRYPTION_KEY_FILE: 'missing' }, cwd)).toThrow(
      new ConfigError('The environment variable KEY_ENCRYPTION_KEY_FILE names missing, which cannot be read (ENOENT).'),
    );
    expect(() => loadConfig({ COOKIE_SECRET: 'd'.repeat(40), COOKIE_SECRET_FILE: 'cookie_secret' }, cwd)).toThrow(
      'Both COOKIE_SECRET and COOKIE_SECRET_FILE are set',
    );
  });

  it('reads PostgreSQL URLs and public URL settings', () => {
    const config = loadConfig(
      {
        DATABASE_URL: 'postgres://u@db/gh',
        BASE_HOSTNAME: 'ID.Example.com',
        PUBLIC_SCHEME: 'https',
        PUBLIC_PORT: '443',
        COOKIE_SECRET: 'x'.repeat(32),
      },
      tempDir(),
    );
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db/gh',
      poolSize: 10,
      connectTimeoutMs: 5000,
      statementTimeoutMs: 30_000,
      idleTimeoutMs: 30_000,
    });
    expect(config.baseHostname).toBe('id.example.com');
    expect(originFor(config, 'acme.id.example.com')).toBe('https://acme.id.example.com');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['BASE_HOSTNAME', 'not a host'],
    ['PUBLIC_SCHEME', 'ftp'],
    ['COOKIE_SECRET', 'short'],
    ['TRUST_PROXY', 'maybe'],
  ])('stops with a sentence naming %s when it is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value }, tempDir())).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value }, tempDir())).toThrow(new RegExp(`environment variable ${name} is not valid`));
  });

  it('sends email through SMTP only with both SMTP_URL and MAIL_FROM, and never echoes the SMTP credentials', () => {
    expect(loadConfig({}, tempDir()).mail).toBeNull();
    const mail = { SMTP_URL: 'smtp://user:secret@mail.example.com:587', MAIL_FROM: 'Gatehouse <no-reply@example.com>' };
    expect(loadConfig(mail, tempDir()).mail).toEqual({ smtpUrl: mail.SMTP_URL, from: mail.MAIL_FROM });
    expect(() => loadConfig({ SMTP_URL: mail.SMTP_URL }, tempDir())).toThrow(/MAIL_FROM is not set/);
    expect(() => loadConfig({ MAIL_FROM: mail.MAIL_FROM }, tempDir())).toThrow(/SMTP_URL is not set/);
    const bad = () => loadConfig({ SMTP_URL: 'http://user:secret@mail.example.com', MAIL_FROM: mail.MAIL_FROM }, tempDir());
    expect(bad).toThrow(/environment variable SMTP_URL is not valid/);
    expect(bad).not.toThrow(/secret/);
    expect(() => loadConfig({ ...mail, MAIL_FROM: 'no address here' }, tempDir())).toThrow(/MAIL_FROM is not valid/);
  });
  it('reads the support address, data controller and demo lifetime, with defaults on the base hostname', () => {
    const defaults = loadConfig({ BASE_HOSTNAME: 'id.example.com' }, tempDir());
    expect(defaults).toMatchObject({
      supportEmail: 'support@id.example.com',
      dataController: 'The operator of id.example.com',
      demoLifetimeMs: 24 * 60 * 60 * 1000,
    });
    const set = loadConfig(
      { SUPPORT_EMAIL: 'help@example.com', DATA_CONTROLLER: 'Example Ltd, London', DEMO_LIFETIME_HOURS: '2' },
      tempDir(),
    );
    expect(set).toMatchObject({
      supportEmail: 'help@example.com',
      dataController: 'Example Ltd, London',
      demoLifetimeMs: 2 * 60 * 60 * 1000,
    });
    expect(() => loadConfig({ SUPPORT_EMAIL: 'help' }, tempDir())).toThrow(/SUPPORT_EMAIL is not valid: must be an email address/);
    expect(() => loadConfig({ DEMO_LIFETIME_HOURS: '0' }, tempDir())).toThrow(/DEMO_LIFETIME_HOURS is not valid/);
    expect(() => loadConfig({ DEMO_LIFETIME_HOURS: '1.5' }, tempDir())).toThrow(
      /DEMO_LIFETIME_HOURS is not valid: must be a whole number of hours/,
    );
  });

  it('sends SMS through a Twilio-compatible API only with its account id, token and sender together, never echoing the token', () => {
    expect(loadConfig({}, tempDir()).sms).toBeNull();
    const sms = { SMS_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef', SMS_AUTH_TOKEN: 'a-secret-token', SMS_FROM: '+15005550006' };
    expect(loadConfig(sms, tempDir()).sms).toEqual({
      apiUrl: 'https://api.twilio.com',
      accountSid: sms.SMS_ACCOUNT_SID,
      authToken: sms.SMS_AUTH_TOKEN,
      from: sms.SMS_FROM,
    });
    expect(loadConfig({ ...sms, SMS_API_URL: 'https://space.example.com/api/laml/' }, tempDir()).sms?.apiUrl).toBe(
      'https://space.example.com/api/laml',
    );
    expect(() => loadConfig({ SMS_ACCOUNT_SID: sms.SMS_ACCOUNT_SID, SMS_FROM: sms.SMS_FROM }, tempDir())).toThrow(
      /SMS_AUTH_TOKEN is not set/,
    );
    expect(() => loadConfig({ ...sms, SMS_FROM: 'a sender name that is far too long' }, tempDir())).toThrow(/SMS_FROM is not valid/);
    expect(() => loadConfig({ ...sms, SMS_API_URL: 'ftp://example.com' }, tempDir())).toThrow(/SMS_API_URL is not valid/);
    const badToken = () => loadConfig({ ...sms, SMS_AUTH_TOKEN: 'x'.repeat(201) }, tempDir());
    expect(badToken).toThrow(/SMS_AUTH_TOKEN is not valid/);
    expect(badToken).not.toThrow(/xxxx/);
  });

  it('uses Redis only when REDIS_URL is given, and never echoes its password', () => {
    expect(loadConfig({}, tempDir()).redisUrl).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://:secret@cache.internal:6379/2' }, tempDir()).redisUrl).toBe(
      'redis://:secret@cache.internal:6379/2',
    );
    const bad = () => loadConfig({ REDIS_URL: 'http://:secret@cache.internal:6379' }, tempDir());
    expect(bad).toThrow(/environment variable REDIS_URL is not valid/);
    expect(bad).not.toThrow(/secret/);
  });

  it('serves telemetry on loopback port 9464 unless told otherwise, and METRICS_PORT=off turns it off', () => {
    expect(loadConfig({}, tempDir()).telemetry).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' }, tempDir()).telemetry).toEqual({ port: 9100, host: '0.0.0.0' });
    expect(loadConfig({ METRICS_PORT: 'off' }, tempDir()).telemetry).toBeNull();
    expect(() => loadConfig({ METRICS_PORT: 'seven' }, tempDir())).toThrow(/METRICS_PORT is not valid/);
  });
});
