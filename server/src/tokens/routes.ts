/** The exchange of an emailed link's token on the link's first load (tokens out of logged URLs). */
import { signUpApi } from '@gatehouse/common/api/sign-up';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { AppError } from '../http/errors.ts';
import { applyCookies, browserOf } from '../http/outcome.ts';
import { exchangeLinkToken } from './link-exchange.ts';

export function linkTokenRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, signUpApi.linkToken, async ({ body }, { organisation: org }, request, reply) => {
    const exchanged = await exchangeLinkToken(ctx, browserOf(ctx, request), org.id, body.token);
    if (!exchanged) throw new AppError('TOKEN_INVALID');
    applyCookies(ctx, reply, exchanged.cookies);
    return { token: exchanged.handle };
  });
}
