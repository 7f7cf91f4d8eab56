import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';

/** Form fields as a browser, or an attacker, might send them: known names and others, odd values, repeats. */
const field = fc.oneof(
  fc.constantFrom('email', 'consent', 'baseSignUpID', 'organisationName', 'message', 'name', 'token', '__proto__', 'constructor'),
  fc.string({ maxLength: 12 }),
);
const value = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    'true',
    'on',
    'demo@example.com',
    'a@example.test',
    'acme',
    'x'.repeat(600),
    '\r\nBcc: a@b.c',
    '%00',
    '\u0000',
    'a\u0000b',
  ),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
);
const form = fc.dictionary(field, value, { maxKeys: 5 });

describe.each(testDialects())('the front door under arbitrary input on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.createOrganisation('acme');
  });
  afterAll(() => server?.close());

  const posts = ['/api/basesignupemail', '/api/basesignuporg', '/api/support'];
  const gets = ['/api/basesignup?signupid=', '/api/orgexists?name=', '/api/handover?token='];

  it.each(posts)('answers POST %s without a server error', async (path) => {
    await fc.assert(
      fc.asyncProperty(form, fc.boolean(), async (body, onBase) => {
        const res = await server.client(onBase ? '' : 'acme').post(path, { form: body });
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });

  it.each(gets)('answers GET %s without a server error', async (path) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('\u0000', 'acme\u0000', '..', 'ACME.localhost')),
        fc.boolean(),
        async (text, onBase) => {
          const res = await server.client(onBase ? '' : 'acme').get(path + encodeURIComponent(text));
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
  });
});
