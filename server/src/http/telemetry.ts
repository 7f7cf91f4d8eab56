/** Request counts and latencies by method, route pattern and status, for Fastify's routes and the protocol fast path. */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { Telemetry } from '../telemetry/telemetry.ts';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A label value from a bounded set whatever a client sends. */
const methodLabel = (method: string | undefined) => (method && METHODS.has(method) ? method : 'OTHER');

/** Labels of requests that Fastify hands on without a route of its own (the provider's browser endpoints). */
const handedOn = new WeakMap<FastifyRequest, string>();

/** Labels a request that has no Fastify route; `route` must come from a fixed set of paths. */
export function labelRoute(request: FastifyRequest, route: string): void {
  handedOn.set(request, route);
}

/**
 * A route's config may name the route it is counted as (`telemetryRoute`), when many routes are one to
 * an operator: the web app's hashed assets, each its own Fastify route, are one label.
 */
export interface TelemetryRouteConfig {
  telemetryRoute?: string;
}

export function registerRequestTelemetry(app: FastifyInstance, telemetry: Telemetry): void {
  app.addHook('onResponse', async (request, reply) => {
    const named = (request.routeOptions.config as TelemetryRouteConfig | undefined)?.telemetryRoute;
    telemetry.httpRequests.observe(
      {
        method: methodLabel(request.method),
        route: named ?? request.routeOptions.url ?? handedOn.get(request) ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * Times a request answered outside Fastify (the provider's fast path). `route` must come from a fixed
 * set of paths, never from the request as sent.
 */
export function observeRawRequest(
  telemetry: Telemetry,
  req: IncomingMessage,
  res: ServerResponse,
  route: string,
  started = performance.now(),
): void {
  res.once('finish', () => {
    telemetry.httpRequests.observe(
      { method: methodLabel(req.method), route, status: String(res.statusCode) },
      (performance.now() - started) / 1000,
    );
  });
}
