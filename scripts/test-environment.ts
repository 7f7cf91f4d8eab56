/**
 * Vitest global setup: finds out once which optional services this machine offers, hands the answer
 * to the test files (inject), and says plainly which suites run and which are skipped.
 * With GATEHOUSE_REQUIRE_SUITES (CI sets it), a missing service fails the run instead of skipping.
 */
import { existsSync } from 'node:fs';

import { createClient } from '@redis/client';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A reachable PostgreSQL URL, or '' when the PostgreSQL suite is skipped. */
    postgresUrl: string;
    /** A Chromium executable, or '' when the browser suite is skipped. */
    chromiumPath: string;
    /** A reachable Redis URL, or '' when the several-processes-with-Redis suite is skipped. */
    redisUrl: string;
    /** Prometheus's promtool, which checks the /metrics exposition, or '' when that check is skipped. */
    promtoolPath: string;
    /** podman, which builds and mounts the container image (as root), or '' when the image test is skipped. */
    podmanPath: string;
    /** Caddy, the reverse proxy of compose.yaml, or '' when the proxy tests are skipped. */
    caddyPath: string;
    /** xmllint (libxml2-utils), with the SAML schemas of opensaml-schemas and xmltooling-schemas, or '' when the XSD check is skipped. */
    xmllintPath: string;
  }
}

const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const DEFAULT_PROMTOOL = '/usr/bin/promtool';
const DEFAULT_PODMAN = '/usr/bin/podman';
const CADDY_CANDIDATES = ['/usr/bin/caddy', '/usr/local/bin/caddy'];
const DEFAULT_XMLLINT = '/usr/bin/xmllint';
/** The SAML 2.0 metadata and protocol schemas and the W3C schemas they import, as Debian ships them. */
export const SAML_SCHEMA_FILES = {
  metadata: '/usr/share/xml/opensaml/saml-schema-metadata-2.0.xsd',
  protocol: '/usr/share/xml/opensaml/saml-schema-protocol-2.0.xsd',
  xmldsig: '/usr/share/xml/xmltooling/xmldsig-core-schema.xsd',
  xenc: '/usr/share/xml/xmltooling/xenc-schema.xsd',
  xml: '/usr/share/xml/xmltooling/xml.xsd',
} as const;

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function redisReachable(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    if (client.isOpen) client.destroy();
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const required = new Set((process.env.GATEHOUSE_REQUIRE_SUITES ?? '').split(',').filter(Boolean));
  const say = (line: string) => console.log(`  ${line}`);

  const pgUrl = process.env.TEST_DATABASE_URL ?? '';
  const pgOk = pgUrl !== '' && (await postgresReachable(pgUrl));
  project.provide('postgresUrl', pgOk ? pgUrl : '');

  const chromium = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
  const chromiumOk = existsSync(chromium);
  project.provide('chromiumPath', chromiumOk ? chromium : '');

  const redisUrl = process.env.TEST_REDIS_URL ?? '';
  const redisOk = redisUrl !== '' && (await redisReachable(redisUrl));
  project.provide('redisUrl', redisOk ? redisUrl : '');

  const promtool = process.env.PROMTOOL_PATH ?? DEFAULT_PROMTOOL;
  const promtoolOk = existsSync(promtool);
  project.provide('promtoolPath', promtoolOk ? promtool : '');

  const podman = process.env.PODMAN_PATH ?? DEFAULT_PODMAN;
  // Mounting an image and entering it with unshare and chroot need root (or a user namespace set up for it).
  const isRoot = process.getuid?.() === 0;
  const podmanOk = existsSync(podman) && existsSync('/usr/sbin/debootstrap') && isRoot;
  project.provide('podmanPath', podmanOk ? podman : '');

  const caddy = process.env.CADDY_PATH ?? CADDY_CANDIDATES.find((file) => existsSync(file)) ?? CADDY_CANDIDATES[0]!;
  const caddyOk = existsSync(caddy);
  project.provide('caddyPath', caddyOk ? caddy : '');

  const xmllint = process.env.XMLLINT_PATH ?? DEFAULT_XMLLINT;
  const xmllintOk = existsSync(xmllint) && Object.values(SAML_SCHEMA_FILES).every((file) => existsSync(file));
  project.provide('xmllintPath', xmllintOk ? xmllint : '');

  if (pgOk) say(`PostgreSQL suite: runs against ${pgUrl}`);
  else {
    const why = pgUrl ? `${pgUrl} is unreachable` : 'TEST_DATABASE_URL is not set';
    if (required.has('postgres')) throw new Error(`The PostgreSQL suite is required but ${why}.`);
    say(`PostgreSQL suite: SKIPPED (${why}); the SQLite suite runs.`);
  }
  if (chromiumOk) say(`Browser suite: runs in ${chromium}`);
  else {
    if (required.has('chromium')) throw new Error(`The browser suite is required but there is no Chromium at ${chromium}.`);
    say(`Browser suite: SKIPPED (no Chromium at ${chromium}; install it with apt-get install -y chromium).`);
  }
  if (redisOk) say(`Redis suite: runs against ${redisUrl}`);
  else {
    const why = redisUrl ? `${redisUrl} is unreachable` : 'TEST_REDIS_URL is not set';
    if (required.has('redis')) throw new Error(`The Redis suite is required but ${why}.`);
    say(`Redis suite: SKIPPED (${why}); processes without Redis are still tested.`);
  }
  if (promtoolOk) say(`Prometheus format check: runs with ${promtool}`);
  else {
    if (required.has('promtool')) throw new Error(`The Prometheus format check is required but there is no promtool at ${promtool}.`);
    say(
      `Prometheus format check: SKIPPED (no promtool at ${promtool}; install it with apt-get install -y prometheus); /metrics is still tested.`,
    );
  }
  if (podmanOk) say(`Container image test: runs with ${podman}`);
  else {
    const why = !isRoot ? 'it needs root to mount the image' : `no podman at ${podman} or no debootstrap`;
    if (required.has('podman')) throw new Error(`The container image test is required but ${why}.`);
    say(`Container image test: SKIPPED (${why}; install them with apt-get install -y podman debootstrap).`);
  }
  if (caddyOk) say(`Reverse proxy tests: run with ${caddy}`);
  else {
    if (required.has('caddy')) throw new Error(`The reverse proxy tests are required but there is no Caddy at ${caddy}.`);
    say(`Reverse proxy tests: SKIPPED (no Caddy at ${caddy}; install it with apt-get install -y caddy).`);
  }
  if (xmllintOk) say(`SAML metadata XSD check: runs with ${xmllint}`);
  else {
    const why = `no xmllint at ${xmllint} or no SAML schemas`;
    if (required.has('xmllint')) throw new Error(`The SAML metadata XSD check is required but there is ${why}.`);
    say(
      `SAML metadata XSD check: SKIPPED (${why}; install them with apt-get install -y libxml2-utils opensaml-schemas xmltooling-schemas).`,
    );
  }
}
