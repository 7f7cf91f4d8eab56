/**
 * The HTTP side of a bearer call (RFC 6750): reading the token from `Authorization`, and the challenge
 * of a refusal. Which token is valid is the business of the authenticator app.ts registers
 * (apis/bearer.ts).
 */
import { MANAGEMENT_API_ID } from '@gatehouse/common/apis';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { AppError } from './errors.ts';

/** The bearer token of a request, or null when it has none (a malformed header is an invalid token). */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header);
  return match ? match[1]! : '';
}

/**
 * The RFC 6750 3 challenge of a refused bearer call: without an error when the request carried no token,
 * else an invalid token or one without the privileges needed; always with the API's protected resource
 * metadata (RFC 9728 5.1), from which a client that knows nothing yet finds where to get a token.
 */
export interface Challenge {
  resourceMetadata: string;
  error?: 'invalid_token' | 'insufficient_scope';
  scope?: string;
}
export function challenge(reply: FastifyReply, { resourceMetadata, error, scope }: Challenge): void {
  const params = [
    `realm="${MANAGEMENT_API_ID}"`,
    ...(error ? [`error="${error}"`] : []),
    ...(scope ? [`scope="${scope}"`] : []),
    `resource_metadata="${resourceMetadata}"`,
  ];
  reply.header('www-authenticate', `Bearer ${params.join(', ')}`);
}

/** Refuses a call (RFC 6750 3.1): an invalid token, or one without the scope the endpoint needs. */
export function refuse(reply: FastifyReply, code: 'INVALID_TOKEN' | 'INSUFFICIENT_SCOPE', resourceMetadata: string, scope?: string): never {
  challenge(reply, { resourceMetadata, error: code === 'INVALID_TOKEN' ? 'invalid_token' : 'insufficient_scope', scope });
  throw new AppError(code);
}
