/**
 * compose.yaml and deploy/Caddyfile cannot run here (no registry, no container runtime that starts);
 * this reads them as Compose and Caddy would and checks that they hold together: every reference
 * resolves, every file exists, every variable is one Gatehouse reads, and the replicas share what
 * they must.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';

import { CONFIG_VARIABLES, loadConfig } from '../config.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CADDY = inject('caddyPath');

interface Service {
  build?: { context: string; args?: Record<string, string> };
  image?: string;
  restart?: string;
  environment?: Record<string, string>;
  secrets?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
}
interface Compose {
  services: Record<string, Service>;
  secrets: Record<string, { file: string }>;
  volumes: Record<string, unknown>;
}

/** The environment the Dockerfile's last stage sets (its `ENV` instructions, continuation lines joined). */
function imageEnvironment(): Record<string, string> {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const [, body] of lastStage.matchAll(/^ENV\s+(.+)$/gm))
    for (const [, name, value] of body!.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[name!] = value!.replace(/^"|"$/g, '');
  return env;
}

const compose = parse(readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as Compose;
const replicas = Object.keys(compose.services).filter((name) => name.startsWith('gatehouse-'));

describe('compose.yaml', () => {
  it('runs two Gatehouse replicas on PostgreSQL and Redis behind the proxy', () => {
    expect(replicas).toEqual(['gatehouse-1', 'gatehouse-2']);
    expect(Object.keys(compose.services).sort()).toEqual(['gatehouse-1', 'gatehouse-2', 'postgres', 'proxy', 'redis']);
    expect(compose.services.proxy!.ports).toContain('443:443');
    for (const name of replicas) expect(compose.services[name]!.ports, `${name} is reached only through the proxy`).toBeUndefined();
  });

  it('gives every service a restart policy and a health check', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.restart, name).toBe('unless-stopped');
      expect(service.healthcheck?.test[0], name).toMatch(/^CMD/);
    }
  });

  it('references only services, secrets, volumes and files that exist', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const dependency of Object.keys(service.depends_on ?? {}))
        expect(compose.services, `${name} depends on ${dependency}`).toHaveProperty([dependency]);
      for (const secret of service.secrets ?? []) expect(compose.secrets, `${name} uses secret ${secret}`).toHaveProperty([secret]);
      for (const volume of service.volumes ?? []) {
        const [source] = volume.split(':');
        if (source!.startsWith('.') || source!.startsWith('/'))
          expect(existsSync(path.join(ROOT, source!)), `${name} mounts ${source}`).toBe(true);
        else expect(compose.volumes, `${name} mounts volume ${source}`).toHaveProperty([source!]);
      }
      if (service.build) expect(existsSync(path.join(ROOT, service.build.context, 'Dockerfile')), `${name} builds a Dockerfile`).toBe(true);
    }
    // The secret files are not in the repository; deploy/make-secrets.sh makes each of them.
    const makeSecrets = readFileSync(path.join(ROOT, 'deploy/make-secrets.sh'), 'utf8');
    for (const [name, { file }] of Object.entries(compose.secrets)) {
      expect(file, name).toBe(`./secrets/${name}`);
      expect(makeSecrets, `make-secrets.sh makes ${name}`).toMatch(new RegExp(`secrets/${name}|make_secret ${name}\\b`));
    }
    expect(readFileSync(path.join(ROOT, '.gitignore'), 'utf8')).toMatch(/^secrets\/$/m);
    expect(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')).toMatch(/^secrets$/m);
  });

  it('configures the replicas alike, with shared secrets from files, https cookies and Redis', () => {
    const [first, second] = replicas.map((name) => compose.services[name]!);
    expect(first!.environment).toEqual(second!.environment);
    const env = first!.environment!;
    for (const name of Object.keys(env)) expect(CONFIG_VARIABLES, `Gatehouse reads ${name}`).toContain(name);
    expect(env).toMatchObject({ PUBLIC_SCHEME: 'https', TRUST_PROXY: 'true', REDIS_URL: 'redis://redis:6379', RUN_JOBS: 'true' });
    for (const [variable, secret] of [
      ['COOKIE_SECRET_FILE', 'cookie_secret'],
      ['KEY_ENCRYPTION_KEY_FILE', 'key_encryption_key'],
      ['DATABASE_URL_FILE', 'database_url'],
    ] as const) {
      expect(env[variable]).toBe(`/run/secrets/${secret}`);
      expect(first!.secrets).toContain(secret);
    }
    expect(first!.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    expect(first!.volumes).not.toEqual(second!.volumes); // each its own data directory; nothing in it is shared state
  });

  it("starts with the image's environment and compose's together (issue 39: both set the database URL)", () => {
    const image = imageEnvironment();
    expect(image).toMatchObject({ DATA_DIR: '/data', HOST: '0.0.0.0' });
    for (const name of Object.keys(image)) if (name !== 'NODE_ENV') expect(CONFIG_VARIABLES, `Gatehouse reads ${name}`).toContain(name);
    // The secrets as Compose mounts them, in a directory of the test's own.
    const secrets = mkdtempSync(path.join(tmpdir(), 'gatehouse-compose-'));
    try {
      const contents: Record<string, string> = {
        database_url: 'postgres://gatehouse:pw@postgres:5432/gatehouse',
        cookie_secret: 'c'.repeat(48),
        key_encryption_key: 'k'.repeat(48),
      };
      for (const [name, value] of Object.entries(contents)) writeFileSync(path.join(secrets, name), `${value}\n`);
      const environment = Object.fromEntries(
        Object.entries({ ...image, ...compose.services['gatehouse-1']!.environment }).map(([name, value]) => [
          name,
          value.replace('/run/secrets', secrets).replace(/\$\{\w+:-([^}]*)\}/g, '$1'),
        ]),
      );
      const config = loadConfig(environment, secrets);
      expect(config.database).toMatchObject({ kind: 'postgres', url: contents.database_url, poolSize: 10 });
      expect(config).toMatchObject({
        host: '0.0.0.0',
        port: 3000,
        dataDir: '/data',
        baseHostname: 'gatehouse.localhost',
        publicPort: null,
      });
      expect(config.keyEncryptionKey).toBe(contents.key_encryption_key);
    } finally {
      rmSync(secrets, { recursive: true, force: true });
    }
  });

  it('points the proxy at every replica on the port it listens on', () => {
    const upstreams = compose.services.proxy!.environment!.GATEHOUSE_UPSTREAMS!.split(' ');
    expect(upstreams).toEqual(replicas.map((name) => `${name}:3000`));
    expect(compose.services.proxy!.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(Object.keys(compose.services.proxy!.depends_on ?? {}).sort()).toEqual(replicas);
  });

  it.skipIf(!CADDY)('has a Caddyfile that Caddy accepts, balancing over the replicas with /readyz health checks', () => {
    const adapted = JSON.parse(
      execFileSync(CADDY!, ['adapt', '--adapter', 'caddyfile', '--config', path.join(ROOT, 'deploy/Caddyfile')], {
        // As Compose interpolates ${NAME:-default} with nothing set.
        env: {
          ...process.env,
          ...Object.fromEntries(
            Object.entries(compose.services.proxy!.environment!).map(([k, v]) => [k, v.replace(/\$\{\w+:-([^}]*)\}/g, '$1')]),
          ),
        },
        stdio: ['ignore', 'pipe', 'ignore'],
      }).toString(),
    ) as unknown;
    const text = JSON.stringify(adapted);
    expect(text).toContain('"dial":"gatehouse-1:3000"');
    expect(text).toContain('"dial":"gatehouse-2:3000"');
    expect(text).toContain('"uri":"/readyz"');
    expect(text).toContain('"*.gatehouse.localhost"');
  });
});
