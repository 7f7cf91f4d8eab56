/** The exchange of an emailed link's token on the link's first load (tokens out of logged URLs). */
import type { FastifyInstance } from 'fastify';
import { signUpApi } from '@gatehouse/common/api/sign-up';
import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { AppError } from '../http/errors.ts';
import { exchangeLinkToken } from './link-exchange.ts';

export function linkTokenRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, signUpApi.linkToken, async ({ body }, { organisation: org }, request, reply) => {
    const handle = await exchangeLinkToken(ctx, request, reply, org.id, body.token);
    if (!handle) throw new AppError('TOKEN_INVALID');
    return { token: handle };
  });
}
