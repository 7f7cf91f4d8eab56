/**
 * An application's SCIM credentials: its own SCIM token (kept only as a SHA-256) and the scope an access
 * token of its client credentials must hold to call SCIM. scim/auth.ts checks them on every call.
 */
import { createHash, randomBytes } from 'node:crypto';

export const SCIM_SCOPE = 'scim';
/** Every SCIM token starts with this, so secret scanners can recognise a leaked one. */
export const SCIM_TOKEN_PREFIX = 'gh_scim_';

/** SHA-256 of a SCIM token: tokens are 256 random bits, so a fast hash is enough and nothing reversible is kept. */
export const hashScimToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** A new SCIM token (prefixed, so secret scanners can recognise a leaked one). */
export const newScimToken = (): string => `${SCIM_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
