/**
 * SAML applications: the management API (from common/src/api/saml-apps.ts) and the identity provider's
 * browser paths: its metadata, the SSO endpoint (HTTP-Redirect GET, HTTP-POST from the application's
 * site) and the continue address, where the Response is posted to the application by an auto-submitting form;
 * single logout's address (both bindings) and the logout address a browser signed out of Gatehouse goes through.
 */
import { samlAppsApi as api } from '@gatehouse/common/api/saml-apps';
import { SAML_IDP_PATHS, SAML_PAGE_MESSAGES as M } from '@gatehouse/common/saml-apps';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { AppContext } from '../context.ts';
import { serve } from '../http/contract.ts';
import { applyCookies, browserOf, sendRedirect } from '../http/outcome.ts';
import { browserPathScope, getAuth, requireOrganisation } from '../http/request-context.ts';
import { escapeHtml, formRelayPage, page } from '../oidc/pages.ts';
import { RELAY_CSP } from '../oidc/routes.ts';
import { idpSigning } from './certificates.ts';
import { continueLogout, receiveSloMessage } from './logout.ts';
import { idpMetadataXml } from './metadata.ts';
import {
  createSamlApplication,
  deleteSamlApplication,
  getSamlApplication,
  listSamlApplications,
  requiredLogo,
  setSamlApplicationLogo,
  updateSamlApplication,
} from './service.ts';
import { continueSignIn, receiveAuthnRequest, type SamlOutcome, startIdpInitiated } from './sign-in.ts';

export function samlAppRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, ctx, api.list, async (_, scope) => listSamlApplications(ctx, scope));
  serve(app, ctx, api.create, async ({ body }, scope) => createSamlApplication(ctx, scope, body));
  serve(app, ctx, api.get, async ({ params }, scope) => getSamlApplication(ctx, scope, params.id));
  serve(app, ctx, api.update, async ({ params, body }, scope) => updateSamlApplication(ctx, scope, params.id, body));
  serve(app, ctx, api.setLogo, async ({ params, files }, scope) => setSamlApplicationLogo(ctx, scope, params.id, requiredLogo(files.logo)));
  serve(app, ctx, api.deleteLogo, async ({ params }, scope) => setSamlApplicationLogo(ctx, scope, params.id, { remove: true }));
  serve(app, ctx, api.delete, async ({ params }, scope) => deleteSamlApplication(ctx, scope, params.id));
}

function send(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, outcome: SamlOutcome): FastifyReply {
  const orgName = requireOrganisation(request).displayName;
  reply.header('cache-control', 'no-store');
  switch (outcome.kind) {
    case 'redirect':
      return sendRedirect(ctx, reply, outcome);
    case 'post':
      applyCookies(ctx, reply, outcome.cookies ?? []);
      return reply
        .header('content-security-policy', RELAY_CSP)
        .type('text/html; charset=utf-8')
        .send(formRelayPage(orgName, outcome.action, outcome.params));
    case 'refused': {
      const [title, text] = outcome.page === 'expired' ? [M.expiredTitle, M.expired] : [M.invalidRequestTitle, M.invalidRequest];
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(page(title, orgName, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`));
    }
  }
}

const field = (value: unknown) => (typeof value === 'string' ? value : undefined);
const rawQueryOf = (request: FastifyRequest) => {
  const url = request.raw.url ?? '';
  return url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
};

/** The identity provider's browser paths; registered beside the protocol's. */
export function samlIdpBrowserRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(SAML_IDP_PATHS.metadata, async (request, reply) => {
    const org = requireOrganisation(request);
    const signing = await idpSigning(ctx, org.id, org.hostname);
    return reply
      .header('content-type', 'application/samlmetadata+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(idpMetadataXml(ctx, org.hostname, signing.published));
  });
  app.get(SAML_IDP_PATHS.sso, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const outcome = await receiveAuthnRequest(ctx, browserPathScope(ctx, request), browserOf(ctx, request), {
      binding: 'redirect',
      samlRequest: field(query.SAMLRequest),
      relayState: field(query.RelayState),
      rawQuery: rawQueryOf(request),
    });
    return send(ctx, request, reply, outcome);
  });
  // The application's site posts the request: no SameSite=Lax cookie comes with it, none is needed here.
  app.post(SAML_IDP_PATHS.sso, { config: { crossSiteForm: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const outcome = await receiveAuthnRequest(ctx, browserPathScope(ctx, request), browserOf(ctx, request), {
      binding: 'post',
      samlRequest: field(body.SAMLRequest),
      relayState: field(body.RelayState),
      rawQuery: '',
    });
    return send(ctx, request, reply, outcome);
  });
  app.get<{ Params: { id: string } }>(`${SAML_IDP_PATHS.start}/:id`, async (request, reply) => {
    const outcome = await startIdpInitiated(ctx, browserPathScope(ctx, request), browserOf(ctx, request), request.params.id.slice(0, 100));
    return send(ctx, request, reply, outcome);
  });
  app.get<{ Params: { flow: string } }>(`${SAML_IDP_PATHS.continue}/:flow`, async (request, reply) => {
    const auth = await getAuth(ctx, request);
    const scope = browserPathScope(ctx, request, auth?.user ?? null);
    return send(ctx, request, reply, await continueSignIn(ctx, scope, browserOf(ctx, request), auth, request.params.flow.slice(0, 100)));
  });
  // Single logout: an application's LogoutRequest or its LogoutResponse to ours, by either binding.
  app.get(SAML_IDP_PATHS.slo, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const outcome = await receiveSloMessage(ctx, browserPathScope(ctx, request), browserOf(ctx, request), {
      binding: 'redirect',
      samlRequest: field(query.SAMLRequest),
      samlResponse: field(query.SAMLResponse),
      relayState: field(query.RelayState),
      rawQuery: rawQueryOf(request),
    });
    return send(ctx, request, reply, outcome);
  });
  app.post(SAML_IDP_PATHS.slo, { config: { crossSiteForm: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const outcome = await receiveSloMessage(ctx, browserPathScope(ctx, request), browserOf(ctx, request), {
      binding: 'post',
      samlRequest: field(body.SAMLRequest),
      samlResponse: field(body.SAMLResponse),
      relayState: field(body.RelayState),
      rawQuery: '',
    });
    return send(ctx, request, reply, outcome);
  });
  // After signing out of Gatehouse: the next SAML application of this browser's sign-out is told, or the sign-in page.
  app.get(SAML_IDP_PATHS.logout, async (request, reply) =>
    send(ctx, request, reply, await continueLogout(ctx, browserPathScope(ctx, request), browserOf(ctx, request))),
  );
}
