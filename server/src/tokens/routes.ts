/** The exchange of an emailed link's token on the link's first load (tokens out of logged URLs). */
import type { FastifyInstance } from 'fastify';
import { API } from '@gatehouse/common/routes';
import { linkExchangeRequest, type LinkExchangeResult } from '@gatehouse/common/schemas/signup';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { requireOrganisation } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import { exchangeLinkToken } from './link-exchange.ts';

export function linkTokenRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(API.linkToken, async (request, reply): Promise<LinkExchangeResult> => {
    const org = requireOrganisation(request);
    const { token } = parse(linkExchangeRequest, request.body);
    const handle = await exchangeLinkToken(ctx, request, reply, org.id, token);
    if (!handle) throw new AppError('TOKEN_INVALID');
    return { token: handle };
  });
}
