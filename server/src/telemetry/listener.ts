/**
 * Serves /metrics on its own address (METRICS_HOST:METRICS_PORT, loopback by default), never on an
 * organisation's host: telemetry is for the operator's monitoring, not for the internet.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { collectDefaultMetrics } from 'prom-client';

import type { Telemetry } from './telemetry.ts';

export interface TelemetryListener {
  port: number;
  close(): Promise<void>;
}

export async function startTelemetryListener(telemetry: Telemetry, address: { port: number; host: string }): Promise<TelemetryListener> {
  // Process metrics (CPU, memory, event loop lag, GC, handles) only where someone scrapes them.
  collectDefaultMetrics({ register: telemetry.registry });
  // Gauges named like counters, which Prometheus's conventions (and promtool) refuse; their figures are
  // the sums of nodejs_active_handles, _requests and _resources (sum without (type) (...)).
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
    telemetry.registry.removeSingleMetric(name);
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: telemetry is at /metrics\n');
      return;
    }
    telemetry.scrape().then(
      (text) => res.writeHead(200, { 'content-type': telemetry.registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(503, { 'content-type': 'text/plain' }).end('Telemetry could not be read (is the database reachable?)\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
