/**
 * Registers a route from its declaration on the endpoint contract (common/src/api): the path, the
 * parsing of its parameters, query and body with the declared schemas (refused with the usual error
 * model), and its access, enforced before the handler runs. The handler gets the parsed input and the
 * request's scope: the organisation, the signed-in user where the access needs one, and the request id.
 * An endpoint whose access names a management scope also takes an application's bearer token
 * (checked by the bearer authenticator app.ts registers, apis/bearer.ts) instead of a session: its handler gets the acting party instead of a user, and each
 * such call is recorded in the audit log with the application as its actor.
 * Every JSON answer is an allow-list: parsed by its declared schema, and the parsed output is sent.
 * The endpoint's limits by address (common/src/policy.ts RATE_LIMITS) are counted before all of this,
 * its limits by identifier once the body is parsed, and failed bearer tokens by address (http/limits.ts).
 */
import { type Answer, type AnswerInput, type Endpoint, type ParsedInput, routerPath } from '@gatehouse/common/api/contract';
import { MANAGEMENT_API_PATH, protectedResourceMetadataUrl } from '@gatehouse/common/apis';
import { ERRORS } from '@gatehouse/common/errors';
import { CREDENTIAL_FAILURE_LIMIT } from '@gatehouse/common/policy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { SessionRow, UserRow } from '../db/schema.ts';
import { emit } from '../events/events.ts';
import { type ActingActor, type ActingScope, type Actor, requestScope, type Scope } from '../scope/scope.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { bearerToken, challenge, refuse } from './bearer.ts';
import { AppError } from './errors.ts';
import { type ReadForm, readForm } from './form.ts';
import { type Caller, enforceLimits, limitFailures, limitsOf } from './limits.ts';
import { noteActor } from './log-redaction.ts';
import { requireOrganisation, requireUser } from './request-context.ts';
import { parse } from './validate.ts';

/**
 * Who is calling, resolved once per request: the request's Scope (scope/scope.ts); an endpoint that needs
 * a signed-in user also gets the user and their session, and one applications may call too an
 * `ActingScope` (its actor, a user or an application, has a reach over users).
 */
export interface UserScope extends Scope {
  actor: ActingActor & { kind: 'user' };
  user: UserRow;
  session: SessionRow;
}

type ScopeOf<E extends Endpoint> = E['access'] extends { kind: 'signedIn'; machineScope: string }
  ? ActingScope
  : E['access'] extends { kind: 'signedIn' }
    ? UserScope
    : Scope;

/** The parsed input, and the files of a multipart body (checked by the handler: their content decides). */
export type Input<E extends Endpoint> = ParsedInput<E> & { files: ReadForm['files'] };

export type Handler<E extends Endpoint> = (
  input: Input<E>,
  scope: ScopeOf<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<AnswerInput<E> | Answer<E> | FastifyReply>;

/** The management API's protected resource metadata at this organisation, named in every challenge (RFC 9728 5.1). */
const resourceMetadataOf = (ctx: AppContext, org: Organisation) =>
  protectedResourceMetadataUrl(`${originFor(ctx.config, org.hostname)}${MANAGEMENT_API_PATH}`)!;

async function scopeFor(
  ctx: AppContext,
  e: Endpoint,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Scope | UserScope | (ActingScope & { application?: string })> {
  const access = e.access;
  const scoped = <A extends Actor>(org: Organisation, actor: A) => ({ ...requestScope(ctx.db.kysely, org, actor, request), actor });
  if (access.kind === 'anonymous') return scoped(requireOrganisation(request), { kind: 'anonymous', id: null });
  // A bearer token is never combined with a session: a call that carries one is the application's alone.
  const token = bearerToken(request);
  if (token !== null) {
    const org = requireOrganisation(request);
    if (!access.machineScope) {
      // No token could be enough here: a 403 of RFC 6750 3.1 all the same, so the caller learns why.
      challenge(reply, { resourceMetadata: resourceMetadataOf(ctx, org), error: 'insufficient_scope' });
      throw new AppError('FORBIDDEN', { message: 'This endpoint takes a signed-in session, not an access token' });
    }
    const invalid = (error: unknown) => error instanceof AppError && error.code === 'INVALID_TOKEN';
    // Guessing tokens from one address is stopped after a few failures; a caller with a good token is never slowed.
    const { client, scopes } = await limitFailures(
      ctx,
      callerOf(request),
      'bearer',
      CREDENTIAL_FAILURE_LIMIT,
      () => request.server.authenticators.bearer(ctx, org, token),
      invalid,
    ).catch((error: unknown) => {
      if (invalid(error)) challenge(reply, { resourceMetadata: resourceMetadataOf(ctx, org), error: 'invalid_token' });
      throw error;
    });
    // Still read by the services that emit with an organisation id (until every one takes its Scope).
    noteActor(request, { kind: 'application', id: client.id });
    // An application acts on users with a User Administrator's reach (scope/scope.ts ActingActor).
    const scope = scoped(org, { kind: 'application', id: client.id, role: 'UserAdministrator' } as const);
    if (!scopes.has(access.machineScope)) {
      await auditCall(ctx, e, scope, ERRORS.INSUFFICIENT_SCOPE.status);
      refuse(reply, 'INSUFFICIENT_SCOPE', resourceMetadataOf(ctx, org), access.machineScope);
    }
    return { ...scope, application: client.id };
  }
  const { org, user, session } = await requireUser(ctx, request, access.roles, access).catch((error: unknown) => {
    // No session and no token at an endpoint applications may call: the challenge tells an application
    // which API this is and where its metadata is (RFC 6750 3, RFC 9728 5.1), as MCP clients expect.
    if (access.machineScope && error instanceof AppError && error.statusCode === 401 && request.organisation)
      challenge(reply, { resourceMetadata: resourceMetadataOf(ctx, request.organisation) });
    throw error;
  });
  return { ...scoped(org, { kind: 'user', id: user.id, role: user.role } as const), user, session };
}

/** Every management API call by an application is in the audit log: which operation, and how it ended. */
async function auditCall(ctx: AppContext, e: Endpoint, scope: Scope, status: number): Promise<void> {
  await emit(ctx, ctx.db.kysely, scope, {
    type: 'api.management_call',
    details: { operation: e.operationId, method: e.method, path: e.path, status },
  });
}

/**
 * The answer as its schema declares it: the parsed output is what is sent, so a field the schema does not
 * name (a column of a spread row, a key kept beside a stored document) never leaves the server. An answer
 * the schema refuses is a bug of ours: a server error, in production as in tests, rather than sent as is.
 */
function allowedAnswer(operationId: string, schema: z.ZodType, answer: unknown): unknown {
  const allowed = schema.safeParse(answer);
  if (!allowed.success) throw new Error(`${operationId} answered outside its declared schema: ${allowed.error.message}`);
  return allowed.data;
}

/** Who the rate limits count: the organisation and the client's address (the proxy's only with TRUST_PROXY). */
const callerOf = (request: FastifyRequest): Caller => ({ organisation: requireOrganisation(request), address: request.ip });

/** Serves `e` with `handler`: access first, then the input, then the handler; the declared status on success. */
export function serve<E extends Endpoint>(app: FastifyInstance, ctx: AppContext, e: E, handler: Handler<E>): void {
  const limits = limitsOf(e.operationId);
  app.route({
    method: [e.method, ...(e.alsoAccepts ?? [])],
    url: routerPath(e),
    handler: async (request, reply) => {
      if (limits.length) await enforceLimits(ctx, callerOf(request), e.operationId, limits, 'address');
      const scope = (await scopeFor(ctx, e, request, reply)) as ScopeOf<E> & { application?: string };
      if (!scope.application) return run(request, reply, scope);
      try {
        const answer = await run(request, reply, scope);
        await auditCall(ctx, e, scope, reply.statusCode);
        return answer;
      } catch (error) {
        // Refused for want of privileges (such as acting over an Organisation Administrator): the token
        // does not allow it (RFC 6750 3.1), said in the challenge as in every other 403 of a bearer call.
        if (error instanceof AppError && error.statusCode === 403 && !reply.hasHeader('www-authenticate'))
          challenge(reply, { resourceMetadata: resourceMetadataOf(ctx, scope.organisation), error: 'insufficient_scope' });
        await auditCall(ctx, e, scope, error instanceof AppError ? error.statusCode : 500);
        throw error;
      }
    },
  });

  async function run(request: FastifyRequest, reply: FastifyReply, scope: ScopeOf<E>) {
    const params = e.params ? parse(e.params, request.params) : {};
    const query = e.query ? parse(e.query, request.query) : {};
    const form = e.bodyEncoding === 'multipart' ? await readForm(request, e.fileBytes) : { fields: request.body, files: {} };
    const body = e.body ? parse(e.body, form.fields) : {};
    if (limits.length) await enforceLimits(ctx, callerOf(request), e.operationId, limits, 'identifier', body);
    const input = { params, query, body, files: form.files } as Input<E>;
    const answer = await handler(input, scope, request, reply);
    // A handler that sent its answer itself returns the reply, which awaiting turns into undefined (a
    // reply is thenable: it resolves once sent); sending again would log "Reply was already sent".
    if (answer === reply || reply.sent) return reply;
    reply.code(e.status);
    if (e.answer === null) return reply.send();
    return allowedAnswer(e.operationId, e.answer, answer);
  }
}
