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

/** The RFC 6750 3.1 challenge of a refused bearer call: an invalid token, or one without the privileges needed. */
export function challenge(reply: FastifyReply, error: 'invalid_token' | 'insufficient_scope', scope?: string): void {
  reply.header('www-authenticate', `Bearer realm="${MANAGEMENT_API_ID}", error="${error}"${scope ? `, scope="${scope}"` : ''}`);
}

/** Refuses a call (RFC 6750 3.1): an invalid token, or one without the scope the endpoint needs. */
export function refuse(reply: FastifyReply, code: 'INVALID_TOKEN' | 'INSUFFICIENT_SCOPE', scope?: string): never {
  challenge(reply, code === 'INVALID_TOKEN' ? 'invalid_token' : 'insufficient_scope', scope);
  throw new AppError(code);
}
