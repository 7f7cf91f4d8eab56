// The figures of `npm run outcomes`, over small made-up trees.
import { describe, expect, it } from 'vitest';

import { figures } from './rules.ts';

const of = (files: Record<string, string>) => figures(Object.keys(files), (file) => files[file]!);

describe('outcome figures', () => {
  it('counts the files outside the surfaces that import Fastify, not the surfaces, tests or harness', () => {
    const found = of({
      'accounts/service.ts': "import type { FastifyReply } from 'fastify';\n",
      'assets/service.ts': "import fastifyStatic from '@fastify/static';\n",
      'accounts/routes.ts': "import type { FastifyInstance } from 'fastify';\n",
      'http/cookies.ts': "import type { FastifyReply } from 'fastify';\n",
      'oidc/interaction.ts': "import type { FastifyReply } from 'fastify';\n",
      'spa/static.ts': "import type { FastifyInstance } from 'fastify';\n",
      'app.ts': "import Fastify from 'fastify';\n",
      'accounts/x.test.ts': "import Fastify from 'fastify';\n",
      'testing/harness.ts': "import Fastify from 'fastify';\n",
      'mfa/challenge.ts': "import { emit } from '../events/events.ts';\n",
    });
    expect(found.fastifyOutsideSurfaces).toEqual(['accounts/service.ts', 'assets/service.ts']);
  });

  it('counts the places that record a sign-in or emit user.signed_in, the store’s definition aside', () => {
    const found = of({
      'accounts/store.ts': 'export async function recordSignIn(db, organisationId, id, now) {}\n',
      'accounts/session.ts': "await recordSignIn(trx, org.id, id, now);\nawait emit(ctx, trx, scope, { type: 'user.signed_in' });\n",
      'mfa/challenge.ts': "await emit(ctx, db, scope, { type: 'user.signed_in', actor });\n",
      'signup/service.ts': 'await recordSignIn(db, org.id, id, now);\n',
      'metrics/subscriber.ts': "const COUNTED = ['user.signed_in'];\n",
    });
    expect(found.finishSignIn).toEqual(['accounts/session.ts', 'mfa/challenge.ts', 'signup/service.ts']);
  });
});
