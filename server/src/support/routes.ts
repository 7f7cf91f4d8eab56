/** The help page's contact form and the deployment facts the public pages show. */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@gatehouse/common/messages';
import { API } from '@gatehouse/common/routes';
import type { MessageResult } from '@gatehouse/common/schemas/account';
import { supportRequest, type ServiceInfo } from '@gatehouse/common/schemas/support';
import type { AppContext } from '../context.ts';
import { getAuth, requireOrganisation } from '../http/request-context.ts';
import { parse } from '../http/validate.ts';
import { sendSupportMessage, serviceInfo } from './service.ts';

export function supportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(API.support, async (request): Promise<MessageResult> => {
    const org = requireOrganisation(request);
    const input = parse(supportRequest, request.body);
    await sendSupportMessage(ctx, org, await getAuth(ctx, request), input);
    return { message: MESSAGES.messageSent };
  });

  app.get(API.serviceInfo, async (request): Promise<ServiceInfo> => {
    requireOrganisation(request);
    return serviceInfo(ctx);
  });
}
