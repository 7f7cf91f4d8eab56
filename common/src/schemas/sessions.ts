/** A person's sessions and connected applications, as /account and the person's page list them. */
import { z } from 'zod';

import { pageSize } from './fields.ts';
import { linkToken } from './signup.ts';

/** How many sessions or applications one answer lists: the latest first, `more` when some were left off. */
export const SESSION_LIST_LIMITS = { pageSizeDefault: 50, pageSizeMax: 100 } as const;

/** The lists' query: `limit` at most `SESSION_LIST_LIMITS.pageSizeMax` (above it, a validation error). */
export const sessionListQuery = z.object({ limit: pageSize(SESSION_LIST_LIMITS.pageSizeMax, SESSION_LIST_LIMITS.pageSizeDefault) });
export type SessionListQuery = z.output<typeof sessionListQuery>;

/** How a session was signed in, from its methods (RFC 8176 amr). */
export const SIGN_IN_METHODS = ['password', 'passkey', 'connection', 'two-step'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const sessionSummary = z.object({
  /** The session's public id (never its cookie or the cookie's hash). */
  id: z.string(),
  /** The browser and system from the user agent, e.g. "Chrome 142" and "Windows 10"; null when unknown. */
  browser: z.string().nullable(),
  system: z.string().nullable(),
  address: z.string().nullable(),
  firstSeen: z.number().int(),
  lastSeen: z.number().int(),
  methods: z.array(z.enum(SIGN_IN_METHODS)),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

export const sessionList = z.object({
  sessions: z.array(sessionSummary),
  /** Sessions beyond the page size were left off (the least recently seen). */
  more: z.boolean(),
});
export type SessionList = z.infer<typeof sessionList>;

export const sessionParams = z.object({ sessionId: z.string().min(1).max(100) });
export const userSessionParams = z.object({ id: z.string().min(1).max(100), sessionId: z.string().min(1).max(100) });

/** An application the person granted access to or that holds a refresh token of theirs. */
export const connectedApplication = z.object({
  id: z.string(),
  name: z.string(),
  /** The scopes granted (e.g. openid, email). */
  scopes: z.array(z.string()),
  grantedAt: z.number().int().nullable(),
  /** When it last received a token for the person. */
  lastUsed: z.number().int().nullable(),
  hasRefreshToken: z.boolean(),
});
export type ConnectedApplication = z.infer<typeof connectedApplication>;

export const connectedApplicationList = z.object({
  applications: z.array(connectedApplication),
  /** Applications beyond the page size were left off (the least recently used). */
  more: z.boolean(),
});
export type ConnectedApplicationList = z.infer<typeof connectedApplicationList>;

export const applicationParams = z.object({ clientId: z.string().min(1).max(200) });

/** A new-browser notice's "This wasn't me" link, used. */
export const notMeRequest = z.object({ token: linkToken });

/** What ending sessions ended. */
export const sessionsEnded = z.object({ ended: z.number().int() });
