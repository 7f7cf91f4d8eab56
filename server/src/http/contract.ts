/**
 * Registers a route from its declaration on the endpoint contract (common/src/api): the path, the
 * parsing of its parameters, query and body with the declared schemas (refused with the usual error
 * model), and its access, enforced before the handler runs. The handler gets the parsed input and the
 * request's scope: the organisation, the signed-in user where the access needs one, and the request id.
 * With `checkAnswers` (on in tests) every JSON answer is checked against its declared schema.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routerPath, type Answer, type AnswerInput, type Endpoint, type ParsedInput } from '@gatehouse/common/api/contract';
import type { AppContext } from '../context.ts';
import type { SessionRow, UserRow } from '../db/schema.ts';
import type { Organisation } from '../organisations/model.ts';
import { readForm, type ReadForm } from './form.ts';
import { requireOrganisation, requireUser } from './request-context.ts';
import { parse } from './validate.ts';

/** Who is calling, resolved once per request. */
export interface RequestScope {
  org: Organisation;
  requestId: string;
}
export interface UserScope extends RequestScope {
  user: UserRow;
  session: SessionRow;
}

type ScopeOf<E extends Endpoint> = E['access'] extends { kind: 'signedIn' } ? UserScope : RequestScope;

/** The parsed input, and the files of a multipart body (checked by the handler: their content decides). */
export type Input<E extends Endpoint> = ParsedInput<E> & { files: ReadForm['files'] };

export type Handler<E extends Endpoint> = (
  input: Input<E>,
  scope: ScopeOf<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<AnswerInput<E> | Answer<E> | FastifyReply>;

async function scopeFor(ctx: AppContext, e: Endpoint, request: FastifyRequest): Promise<RequestScope | UserScope> {
  const access = e.access;
  if (access.kind === 'anonymous') return { org: requireOrganisation(request), requestId: request.id };
  const { org, user, session } = await requireUser(ctx, request, access.roles, {
    allowPasswordChangeRequired: access.allowPasswordChangeRequired ?? false,
    allowTwoStepRequired: access.allowTwoStepRequired ?? false,
  });
  return { org, user, session, requestId: request.id };
}

/** Serves `e` with `handler`: access first, then the input, then the handler; the declared status on success. */
export function serve<E extends Endpoint>(app: FastifyInstance, ctx: AppContext, e: E, handler: Handler<E>): void {
  app.route({
    method: [e.method, ...(e.alsoAccepts ?? [])],
    url: routerPath(e),
    handler: async (request, reply) => {
      const scope = (await scopeFor(ctx, e, request)) as ScopeOf<E>;
      const params = e.params ? parse(e.params, request.params) : {};
      const query = e.query ? parse(e.query, request.query) : {};
      const form = e.bodyEncoding === 'multipart' ? await readForm(request) : { fields: request.body, files: {} };
      const body = e.body ? parse(e.body, form.fields) : {};
      const input = { params, query, body, files: form.files } as Input<E>;
      const answer = await handler(input, scope, request, reply);
      if (answer === reply) return reply;
      reply.code(e.status);
      if (e.answer === null) return reply.send();
      if (!ctx.config.checkAnswers) return answer;
      const checked = e.answer.safeParse(answer);
      if (!checked.success) throw new Error(`${e.operationId} answered outside its declared schema: ${checked.error.message}`);
      return answer;
    },
  });
}
