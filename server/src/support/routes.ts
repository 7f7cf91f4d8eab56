/** The help page's contact form and the deployment facts the public pages show. */
import { frontDoorApi } from '@gatehouse/common/api/front-door';
import { MESSAGES } from '@gatehouse/common/messages';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { getAuth } from '../http/request-context.ts';
import { sendSupportMessage, serviceInfo } from './service.ts';

export function supportRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, frontDoorApi.support, async ({ body }, scope, request) => {
    await sendSupportMessage(ctx, scope, await getAuth(ctx, request), body);
    return { message: MESSAGES.messageSent };
  });
  serve(app, ctx, frontDoorApi.serviceInfo, async () => serviceInfo(ctx));
}
