/**
 * Prometheus telemetry (issue 14): /metrics on its own loopback listener, in the text format a real
 * parser reads, with counters that move with real traffic and labels that never name an organisation.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { JOBS } from '../jobs/registry.ts';
import { runJobOnce } from '../jobs/runner.ts';
import { signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { promtoolProblems, readSamples, type Sample, sampleValue } from '../testing/prometheus.ts';

const promtoolPath = inject('promtoolPath');

describe.each(testDialects())('Prometheus telemetry on %s', (dialect) => {
  let server: TestServer;
  let acmeId: string;
  // A built web app of two hashed assets (each its own Fastify route).
  const dist = mkdtempSync(path.join(tmpdir(), 'gatehouse-dist-'));
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Gatehouse</title>');
    writeFileSync(path.join(dist, 'assets/index-AbC123.js'), 'export {};');
    writeFileSync(path.join(dist, 'assets/index-DeF456.css'), 'body{}');
    server = await startTestServer(dialect, { webDist: dist, config: { telemetry: { port: 0, host: '127.0.0.1' } } });
    acmeId = (await server.createOrganisation('acme')).id;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  function scrape(path = '/metrics'): Promise<{ status: number; type: string; text: string }> {
    return new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: server.gatehouse.telemetryPort()!, path }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'] ?? '', text }));
        })
        .on('error', reject);
    });
  }
  async function samples(): Promise<Sample[]> {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain; version=0.0.4');
    return readSamples(res.text);
  }
  const histogramCount = (all: Sample[], labels: Record<string, string>) =>
    sampleValue(all, 'gatehouse_http_request_duration_seconds_count', labels);

  it('serves /metrics only on its own listener, in the exposition format, with process metrics', async () => {
    const res = await scrape();
    expect(res.text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(res.text).toContain('# TYPE gatehouse_http_request_duration_seconds histogram');
    expect(res.text).toContain('# TYPE nodejs_active_handles gauge');
    expect(res.text).not.toMatch(/^# TYPE \w+_total gauge$/m);
    if (promtoolPath) {
      // Prometheus's own checker reads it and finds nothing, prom-client's process metrics included (issue 27:
      // its nodejs_active_*_total gauges were named like counters, and promtool exited 3).
      expect(await promtoolProblems(promtoolPath, res.text)).toEqual([]);
    } else console.log('  promtool is absent: the exposition format is not checked by Prometheus itself here.');
    expect((await scrape('/other')).status).toBe(404);
    // Never through an organisation's host.
    const onHost = await server.client('acme').get('/metrics');
    expect(onHost.text).not.toContain('gatehouse_http_request_duration_seconds');
  });

  it('counts requests by route pattern and status, the protocol fast path included', async () => {
    const before = await samples();
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    const me = (await admin.get('/api/account')).json<{ id: string }>();
    expect((await admin.get(`/api/users/${me.id}`)).status).toBe(200);
    expect((await admin.get('/api/users/does-not-exist')).status).toBe(404);
    for (let i = 0; i < 3; i++) expect((await server.client('acme').get('/.well-known/openid-configuration')).status).toBe(200);
    expect((await server.client('acme').post('/oidc/token', { noOrigin: true, form: { grant_type: 'client_credentials' } })).status).toBe(
      400,
    );
    const after = await samples();
    const delta = (labels: Record<string, string>) => histogramCount(after, labels) - histogramCount(before, labels);
    expect(delta({ method: 'GET', route: '/api/users/:id', status: '200' })).toBe(1);
    expect(delta({ method: 'GET', route: '/api/users/:id', status: '404' })).toBe(1);
    expect(delta({ method: 'GET', route: '/.well-known/openid-configuration', status: '200' })).toBe(3);
    expect(delta({ method: 'POST', route: '/oidc/token', status: '400' })).toBe(1);
    // Bounded labels: patterns, never an id, an organisation or a host.
    const labelValues = after.flatMap((m) => Object.values(m.labels));
    expect(labelValues.some((v) => v.includes(me.id) || v.includes(acmeId) || v.includes('acme'))).toBe(false);
  });

  it("counts the web app's hashed assets as one route (issue 39: a label per file)", async () => {
    const before = await samples();
    for (const file of ['index-AbC123.js', 'index-DeF456.css', 'index-AbC123.js'])
      expect((await server.client('acme').get(`/assets/${file}`)).status).toBe(200);
    const after = await samples();
    const labels = { method: 'GET', route: '/assets/*', status: '200' };
    expect(histogramCount(after, labels) - histogramCount(before, labels)).toBe(3);
    expect(after.some((m) => Object.values(m.labels).some((v) => v.includes('AbC123') || v.includes('DeF456')))).toBe(false);
  });

  it('counts sign-ins by result, lockouts and job runs', async () => {
    const before = await samples();
    const client = server.client('acme');
    const globexOrg = await server.createOrganisation('globex');
    // Lock out after three failures, before anyone's first visit (nothing has cached the organisation yet).
    await server.ctx.db.kysely
      .updateTable('organisations')
      .set({ failed_sign_ins_before_lockout: 3, failed_sign_ins_before_cooldown: 0 })
      .where('id', '=', globexOrg.id)
      .execute();
    await signedIn(server, 'acme', 'admin@acme.test');
    const wrong = await client.post('/api/authenticate', { form: { email: 'admin@globex.test', password: 'not the password' } });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const globex = server.client('globex');
    const attempts = [];
    for (let i = 0; i < 4; i++)
      attempts.push(await globex.post('/api/authenticate', { form: { email: 'admin@globex.test', password: 'wrong' } }));
    expect(attempts.at(-1)!.status).toBeGreaterThanOrEqual(400);
    expect((await globex.post('/api/authenticate', { form: { email: 'admin@globex.test', password: DEFAULT_PASSWORD } })).status).toBe(
      attempts.at(-1)!.status,
    );
    const job = JOBS.find((j) => j.name === 'expire-sessions')!;
    expect(await runJobOnce(server.ctx, job, { force: true })).toMatchObject({ status: 'ran' });
    const after = await samples();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(delta('gatehouse_sign_ins_total', { result: 'success' })).toBe(1);
    expect(delta('gatehouse_sign_ins_total', { result: 'invalid_credentials' })).toBeGreaterThanOrEqual(2);
    expect(delta('gatehouse_lockouts_total')).toBe(1);
    expect(delta('gatehouse_job_runs_total', { job: 'expire-sessions', outcome: 'ran' })).toBe(1);
    expect(after.some((m) => m.name === 'gatehouse_job_last_finished_seconds' && m.labels.job === 'expire-sessions')).toBe(true);
    expect(sampleValue(after, 'gatehouse_oidc_providers_cached')).toBeGreaterThanOrEqual(1);
    if (dialect === 'postgres') expect(after.filter((m) => m.name === 'gatehouse_db_pool_connections')).toHaveLength(3);
  });

  it.runIf(dialect === 'postgres')(
    'reports no connection waiting on an idle process (issue 27: the scrape counted its own queries)',
    async () => {
      // The first scrape opens the pool's connections; later ones find them idle, as on a quiet server.
      await samples();
      for (let i = 0; i < 3; i++) {
        const all = await samples();
        expect(sampleValue(all, 'gatehouse_db_pool_connections', { state: 'waiting' })).toBe(0);
        expect(sampleValue(all, 'gatehouse_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
      }
    },
  );
});
