import type { FastifyInstance } from 'fastify';
import { applicationsApi as api } from '@gatehouse/common/api/applications';
import type { AppContext } from '../context.ts';
import { sendAsset } from '../assets/service.ts';
import { serve } from '../http/contract.ts';
import {
  acceptPolicy,
  clientAuthSteps,
  createApplication,
  deleteApplication,
  getApplication,
  listApplications,
  loadClientLogo,
  regenerateSecret,
  updateApplication,
  generateScimToken,
} from './service.ts';
import { originFor } from '../config.ts';
import { SCIM_PREFIX } from '../scim/routes.ts';

export function applicationRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.list, async (_, { org }) => listApplications(ctx, org.id));
  serve(app, ctx, api.create, async ({ body }, { org }) => createApplication(ctx, org.id, body));
  serve(app, ctx, api.get, async ({ params }, { org }) => getApplication(ctx, org.id, params.id));
  serve(app, ctx, api.update, async ({ params, body, files }, { org, actor }) =>
    updateApplication(ctx, org.id, params.id, body, files.logo, actor),
  );
  serve(app, ctx, api.delete, async ({ params }, { org }) => deleteApplication(ctx, org.id, params.id));
  serve(app, ctx, api.regenerateSecret, async ({ params }, { org, actor }) => regenerateSecret(ctx, org.id, params.id, actor));
  serve(app, ctx, api.scimToken, async ({ params }, { org }) => ({
    ...(await generateScimToken(ctx, org.id, params.id)),
    baseURL: `${originFor(ctx.config, org.hostname)}${SCIM_PREFIX}`,
  }));
  // Application logos are public, like the organisation's logo: shown on dashboards and sign-in pages.
  serve(app, ctx, api.logo, async ({ query }, { org }, _request, reply) => sendAsset(reply, await loadClientLogo(ctx, org.id, query.id)));
  serve(app, ctx, api.authSteps, async ({ query }, { org, user }) => clientAuthSteps(ctx, org, user, query.client_id));
  serve(app, ctx, api.acceptPolicy, async ({ body }, { org, user }) => acceptPolicy(ctx, org, user, body.clientID));
}
