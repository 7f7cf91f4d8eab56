/**
 * What request logs may show of a URL. Emailed links carry their tokens in the query string
 * (invitationID, verificationID, resetID, signupid, the hand-over token), so does the SAML handover
 * (`response`), and a protocol request may carry hints and codes: a log line must never be enough to
 * use one. Every logged URL goes through redactUrl, which keeps the path and the parameter names and
 * replaces the values of secret ones.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Actor } from '../scope/scope.ts';

/** Query parameters whose values are secrets or personal data, compared case-insensitively. */
export const SECRET_QUERY_PARAMETERS: ReadonlySet<string> = new Set(
  [
    // Link tokens of emails and the base organisation's hand-over.
    'invitationID',
    'verificationID',
    'resetID',
    'signupid',
    'baseSignUpID',
    'token',
    'signInStateID',
    // The SAML handover: the token under which a posted answer waits for its browser's GET.
    'response',
    // OAuth and OpenID Connect.
    'code',
    'id_token_hint',
    'login_hint',
    'access_token',
    'refresh_token',
    'client_secret',
    'client_assertion',
    'request',
    'code_verifier',
    'password',
  ].map((name) => name.toLowerCase()),
);

export const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced; anything unparsable loses its whole query. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const path = url.slice(0, queryStart);
  const parts = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        return `${REDACTED}=${REDACTED}`;
      }
      return SECRET_QUERY_PARAMETERS.has(name.toLowerCase()) && eq !== -1 ? `${rawName}=${REDACTED}` : pair;
    });
  return `${path}?${parts.join('&')}`;
}

/** Fastify's request serializer with the URL redacted: method, url, host, remote address and port. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The answer of a request, as its "request completed" line shows it: the status, the organisation it
 * was for and who acted (ids and the organisation's name only: never an email, a token or a secret).
 */
export function serializeReply(reply: Pick<FastifyReply, 'statusCode'> & { request?: unknown }): {
  statusCode: number;
  [key: string]: unknown;
} {
  return { statusCode: reply.statusCode, ...requestParties(reply.request as FastifyRequest | undefined) };
}

const actors = new WeakMap<FastifyRequest, Actor>();

/** The request turned out to act as this user or application (its scope's actor), for its log line. */
export function noteActor(request: FastifyRequest, actor: Actor): void {
  actors.set(request, actor);
}

/** The organisation and the acting user or application of a request, for its log line. */
export function requestParties(request: FastifyRequest | undefined): Record<string, string> {
  const parties: Record<string, string> = {};
  const org = request?.organisation;
  if (org) {
    parties.organisationId = org.id;
    parties.organisation = org.name;
  }
  const actor = request ? actors.get(request) : undefined;
  if (actor?.id) parties[actor.kind === 'application' ? 'applicationId' : 'userId'] = actor.id;
  return parties;
}
