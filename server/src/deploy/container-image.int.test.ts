/**
 * The container image, built and started here: podman builds the Dockerfile (over a Debian base made
 * with debootstrap, since no registry is reachable), and the image's own entry point, user,
 * environment and volume are started from its mounted root file system as a container would be.
 */
import type { ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import {
  buildImage,
  type ImageConfig,
  imageConfig,
  mountImage,
  runInImage,
  signalEntryPoint,
  startInImage,
  unmountImage,
} from '../../../scripts/container-image.ts';
import { DEFAULT_PASSWORD } from '../testing/harness.ts';
import { TestClient } from '../testing/http-client.ts';
import { freePort } from '../testing/process.ts';

const TAG = 'localhost/gatehouse:test';
const podman = inject('podmanPath');

describe.skipIf(!podman)('the container image', () => {
  let config: ImageConfig;
  let rootfs: string;
  let data: string;
  let port: number;
  let server: ChildProcess | undefined;
  let logs = '';
  let closed: Promise<number | null>;

  beforeAll(async () => {
    const { size } = await buildImage({ tag: TAG });
    console.log(`  container image ${TAG}: ${(size / 1e6).toFixed(0)} MB`);
    config = await imageConfig(TAG);
    rootfs = await mountImage(TAG);
    data = mkdtempSync(path.join(tmpdir(), 'gatehouse-volume-'));
    chownSync(data, 1000, 1000); // the image's node user owns its volume, as a fresh named volume would be
    port = await freePort();
  }, 900_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      signalEntryPoint(server, 'SIGKILL');
      await closed;
    }
    if (rootfs) await unmountImage(TAG);
    if (data) rmSync(data, { recursive: true, force: true });
  });

  const env = () => ({ PORT: String(port), METRICS_PORT: 'off', SHUTDOWN_DRAIN_SECONDS: '1' });
  const volume = () => ({ host: data, target: '/data' });

  it('runs as a non-root user, keeps its data on a volume, checks its health, and holds only what runs', () => {
    expect(config.user).toBe('node');
    expect(config.volumes).toEqual(['/data']);
    expect(config.env).toMatchObject({ DATA_DIR: '/data', HOST: '0.0.0.0' });
    expect(config.entrypoint).toEqual(['node', '--max-semi-space-size=16', 'server/src/main.ts']);
    expect(config.healthcheck?.join(' ')).toContain('/healthz');
    expect(existsSync(path.join(rootfs, 'app/web/dist/index.html'))).toBe(true);
    for (const absent of [
      'app/node_modules/vite',
      'app/node_modules/typescript',
      'app/node_modules/vitest',
      'app/node_modules/react',
      'app/server/src/testing',
    ])
      expect(existsSync(path.join(rootfs, absent)), absent).toBe(false);
    expect(existsSync(path.join(rootfs, 'app/server/src/cli/cli.int.test.ts'))).toBe(false);
  });

  it('starts its entry point as PID 1, answers its health check, and an organisation made with its CLI signs in', async () => {
    server = startInImage({ rootfs, config, argv: config.entrypoint, volume: volume(), env: env() });
    server.stdout!.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    closed = new Promise((resolve) => server!.on('close', (code) => resolve(code)));
    const deadline = Date.now() + 60_000;
    while (!logs.includes('Gatehouse is running')) {
      if (server.exitCode !== null) throw new Error(`The image's entry point exited:\n${logs}`);
      if (Date.now() > deadline) throw new Error(`The image's entry point did not start within 60 s:\n${logs}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(logs).toContain('"pid":1');

    const health = await runInImage({ rootfs, config, argv: config.healthcheck!, volume: volume(), env: env() });
    expect(health).toEqual({ code: 0, output: '' });

    const cli = await runInImage({
      rootfs,
      config,
      argv: ['gatehouse', 'create-organisation', 'acme', '--admin-email', 'admin@acme.test', '--admin-password', DEFAULT_PASSWORD],
      volume: volume(),
      env: { ...env(), LOG_LEVEL: 'silent' },
    });
    expect(cli.output).toContain('Created organisation acme with admin admin@acme.test.');
    expect(cli.code).toBe(0);

    const browser = new TestClient(`acme.localhost:${port}`, port);
    const signIn = await browser.post('/api/authenticate', { form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD } });
    expect(signIn.status).toBe(200);
    expect(signIn.json()).toMatchObject({ user: { role: 'OrganisationAdministrator' } });
    expect((await browser.get('/api/account')).status).toBe(200);
  });

  it('stops cleanly on SIGTERM', async () => {
    expect(signalEntryPoint(server!, 'SIGTERM')).toBe(true);
    expect(await closed).toBe(0);
    expect(logs).toContain('shutting down: finishing requests in flight');
    expect(existsSync(path.join(data, 'gatehouse.db'))).toBe(true);
  });
});
