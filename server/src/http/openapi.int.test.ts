/**
 * The published API reference (issue 18): /api/openapi.json validates with a real OpenAPI validator,
 * lists every route registered from the endpoint contract, names the organisation's origin, and a
 * client generated from it (openapi-typescript) type-checks against real answers.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { errorBodySchema, routerPath } from '@gatehouse/common/api/contract';
import { ENDPOINTS } from '@gatehouse/common/api/index';
import { validate } from '@readme/openapi-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signedIn } from '../testing/applications.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';

interface OpenApiDocument {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId: string; security: unknown[]; responses: Record<string, unknown> }>>;
}

const run = promisify(execFile);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe('the OpenAPI reference', () => {
  let server: TestServer;
  let admin: TestClient;
  let document: OpenApiDocument;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    await server.createOrganisation('acme');
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    const res = await server.client('acme').get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    document = res.json<OpenApiDocument>();
  });
  afterAll(() => server?.close());

  it('is a valid OpenAPI 3.1 document, served for the organisation’s own origin', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(document.servers).toEqual([{ url: `http://acme.localhost:${server.port}` }]);
    await server.createOrganisation('globex');
    const theirs = (await server.client('globex').get('/api/openapi.json')).json<OpenApiDocument>();
    expect(theirs.servers).toEqual([{ url: `http://globex.localhost:${server.port}` }]);
    expect(theirs.paths).toEqual(document.paths);
  });

  it('lists every /api route the server registers, and every declared endpoint is registered', () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([p, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${routerPath({ path: p })}`),
      ),
    );
    const registered = server.gatehouse.routes.filter((r) => r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((route) => !documented.has(route))).toEqual([]);
    for (const e of ENDPOINTS) expect(registered).toContain(`${e.method} ${routerPath(e)}`);
    expect(documented.size).toBe(ENDPOINTS.reduce((n, e) => n + 1 + (e.alsoAccepts?.length ?? 0), 0));
  });

  it('says who may call each operation and what it answers when refused', () => {
    const list = document.paths['/api/webhooks']!.get!;
    expect(list.security).toEqual([{ session: [] }]);
    expect(Object.keys(list.responses).sort()).toEqual(['200', '400', '401', '403', '404']);
    expect(document.paths['/api/openapi.json']!.get!.security).toEqual([]);
    // The rate limits' refusal, where an endpoint has a limit (common/src/policy.ts RATE_LIMITS) or takes a token.
    expect(document.paths['/api/signup']!.post!.responses['429']).toMatchObject({ description: 'Error (code RATE_LIMITED)' });
    expect(document.paths['/api/users']!.get!.responses['429']).toMatchObject({ description: 'Error (code RATE_LIMITED)' });
  });

  it('gives every operation an example request and answer that its own schemas accept (issue 27)', () => {
    interface Media {
      schema: unknown;
      example?: unknown;
    }
    interface Documented {
      parameters: { name: string; in: 'path' | 'query'; example?: unknown }[];
      requestBody?: { content: Record<string, Media> };
      responses: Record<string, { content?: Record<string, Media> }>;
    }
    const problems: string[] = [];
    const check = (
      what: string,
      schema: { safeParse(value: unknown): { success: boolean; error?: { message: string } } },
      value: unknown,
    ) => {
      const parsed = schema.safeParse(value);
      if (!parsed.success) problems.push(`${what}: ${JSON.stringify(value)} ${parsed.error?.message}`);
    };
    for (const e of ENDPOINTS) {
      for (const method of [e.method, ...(e.alsoAccepts ?? [])]) {
        const operation = document.paths[e.path]![method.toLowerCase()] as unknown as Documented;
        const name = `${method} ${e.path}`;
        for (const where of ['path', 'query'] as const) {
          const schema = where === 'path' ? e.params : e.query;
          const listed = operation.parameters.filter((p) => p.in === where);
          if (listed.some((p) => p.example === undefined)) problems.push(`${name}: a ${where} parameter without example`);
          if (schema) check(`${name} ${where}`, schema, Object.fromEntries(listed.map((p) => [p.name, p.example])));
        }
        const body = e.bodyForReference ?? e.body;
        if (body && e.bodyEncoding !== 'multipart') {
          const media = Object.values(operation.requestBody!.content);
          for (const m of media) if (m.example === undefined) problems.push(`${name}: a body without example`);
          check(`${name} body`, body, media[0]!.example);
        }
        for (const [status, answer] of Object.entries(operation.responses)) {
          const json = answer.content?.['application/json'];
          // Answers that are documents of their own (`produces`), not values of a schema, have no example.
          if (!json || (Number(status) < 400 && !e.answer)) continue;
          if (json.example === undefined) problems.push(`${name} ${status}: an answer without example`);
          if (Number(status) < 400 && e.answer) check(`${name} ${status}`, e.answer, json.example);
          if (Number(status) >= 400) check(`${name} ${status}`, errorBodySchema, json.example);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('says nothing of the product spec or issues, only of the API (issue 27)', () => {
    expect(JSON.stringify(document)).not.toMatch(/spec section|\bsections? \d|\bissue \d/i);
  });

  it('gives a client, generated from it, types that real answers satisfy (and wrong ones do not)', async () => {
    const created = await admin.post('/api/webhooks', { form: { url: 'https://hooks.example.com/in', eventTypes: ['user.created'] } });
    expect(created.status).toBe(201);
    const list = (await admin.get('/api/webhooks')).text;
    const audit = (await admin.get('/api/audit?limit=5')).text;

    const dir = mkdtempSync(path.join(tmpdir(), 'gatehouse-openapi-'));
    try {
      const compilerOptions = {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'nodenext',
        allowImportingTsExtensions: true,
        types: [],
      };
      writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['check.ts'] }));
      writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(structuredClone(document) as never)));
      const check = (webhooks: string) => {
        writeFileSync(
          path.join(dir, 'check.ts'),
          [
            "import type { paths } from './api.ts';",
            "type Json<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: { content: { 'application/json': infer T } } } } ? T : never;",
            `export const created: paths['/api/webhooks']['post']['responses'][201]['content']['application/json'] = ${created.text};`,
            `export const list: Json<'/api/webhooks', 'get'> = ${webhooks};`,
            `export const audit: Json<'/api/audit', 'get'> = ${audit};`,
          ].join('\n'),
        );
        return run(process.execPath, [tsc, '-p', dir]);
      };
      await expect(check(list)).resolves.toBeDefined();
      await expect(check(list.replace('"enabled":true', '"enabled":"yes"'))).rejects.toMatchObject({
        stdout: expect.stringMatching(/check\.ts.*error TS2322/),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two runs of tsc over the generated client: seconds on a quiet machine, past 30 on a busy one.
  }, 120_000);
});
