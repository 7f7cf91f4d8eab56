import { applicationsApi as api } from '@gatehouse/common/api/applications';
import type { FastifyInstance } from 'fastify';

import { originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { sendAsset } from '../http/send-asset.ts';
import { SCIM_PREFIX } from '../scim/routes.ts';
import {
  acceptPolicy,
  clientAuthSteps,
  createApplication,
  deleteApplication,
  generateScimToken,
  getApplication,
  listApplications,
  loadClientLogo,
  regenerateSecret,
  updateApplication,
} from './service.ts';

export function applicationRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.list, async (_, scope) => listApplications(ctx, scope));
  serve(app, ctx, api.create, async ({ body }, scope) => createApplication(ctx, scope, body));
  serve(app, ctx, api.get, async ({ params }, scope) => getApplication(ctx, scope, params.id));
  serve(app, ctx, api.update, async ({ params, body, files }, scope) => updateApplication(ctx, scope, params.id, body, files.logo));
  serve(app, ctx, api.delete, async ({ params }, scope) => deleteApplication(ctx, scope, params.id));
  serve(app, ctx, api.regenerateSecret, async ({ params }, scope) => regenerateSecret(ctx, scope, params.id));
  serve(app, ctx, api.scimToken, async ({ params }, scope) => ({
    ...(await generateScimToken(ctx, scope, params.id)),
    baseURL: `${originFor(ctx.config, scope.organisation.hostname)}${SCIM_PREFIX}`,
  }));
  // Application logos are public, like the organisation's logo: shown on dashboards and sign-in pages.
  serve(app, ctx, api.logo, async ({ query }, scope, _request, reply) => sendAsset(reply, await loadClientLogo(ctx, scope, query.id)));
  serve(app, ctx, api.authSteps, async ({ query }, scope) => clientAuthSteps(ctx, scope.organisation, scope.user, query.client_id));
  serve(app, ctx, api.acceptPolicy, async ({ body }, scope) => acceptPolicy(ctx, scope, scope.user, body.clientID));
}
