/**
 * The limits by address and by identifier (common/src/policy.ts RATE_LIMITS) applied to the endpoints
 * of the contract: `serve` counts by address before anything else is done, and by identifier once the
 * body is parsed. A request over a limit is refused with 429 RATE_LIMITED and Retry-After. The address
 * is the connection's, or the proxy's X-Forwarded-For only with TRUST_PROXY (Fastify's request.ip).
 * Counters are per organisation, so one organisation's traffic never limits another's. The
 * organisation's address lists (address-lists/service.ts) come first: an address always refused is
 * refused with 403 ADDRESS_REFUSED, one always allowed is never counted; they apply with RATE_LIMITS
 * off too, since they are the organisation's choice and not a default.
 */
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';

import { RATE_LIMITS, type RateLimit } from '@gatehouse/common/policy';
import type { FastifyInstance } from 'fastify';

import type { AppContext } from '../context.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { AppError } from './errors.ts';
import { memoryLimiter, redisLimiter } from './limiter.ts';

/** What the organisation's address lists say of an address (address-lists/service.ts, given by app.ts). */
export type AddressStanding = (organisation: Organisation, address: string) => Promise<'allowed' | 'refused' | 'listed-nowhere'>;

// The address lists live in a domain above this layer: app.ts hands their check in.
const standings = new WeakMap<AppContext, AddressStanding>();
const standingOf = (ctx: AppContext, organisation: Organisation, address: string) =>
  standings.get(ctx)?.(organisation, address) ?? Promise.resolve('listed-nowhere' as const);

/** What the organisation's address lists say of the caller's address. */
export const standingOfCaller = (ctx: AppContext, caller: Caller) => standingOf(ctx, caller.organisation, caller.address);

/** Builds the counters (in Redis when REDIS_URL is set) as ctx.limiter and closes them with the server. */
export function registerLimiter(app: FastifyInstance, ctx: AppContext, standing?: AddressStanding): void {
  if (standing) standings.set(ctx, standing);
  const memory = memoryLimiter(ctx.clock);
  const limiter = !ctx.config.rateLimits ? null : ctx.config.redisUrl ? redisLimiter(ctx.config.redisUrl, memory, app.log) : memory;
  ctx.limiter = limiter;
  if (limiter) app.addHook('onClose', () => limiter.close());
}

/** Who is counted: the organisation, and the client's address (Fastify's request.ip, koa's ctx.ip). */
export interface Caller {
  organisation: Organisation;
  address: string;
}

/** An identifier is counted by its hash: no email address is kept in Redis or in memory. */
const digest = (value: string) => createHash('sha256').update(value.trim().toLowerCase()).digest('base64url').slice(0, 22);

/**
 * The address as counted: an IPv4 address as it is (also when IPv4-mapped), an IPv6 address by its /64,
 * the smallest network one subscriber is given, so that the 2^64 addresses of one network are one caller.
 */
export function addressKey(address: string): string {
  const ip = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('::');
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const groups = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

function keyOf(name: string, rule: RateLimit, caller: Caller, body: unknown): string | null {
  if (rule.by === 'address') return `${name}:a:${caller.organisation.id}:${addressKey(caller.address)}`;
  const value = rule.field ? (body as Record<string, unknown> | null | undefined)?.[rule.field] : undefined;
  return typeof value === 'string' && value ? `${name}:i:${caller.organisation.id}:${digest(value)}` : null;
}

/**
 * Counts the request against `rules` of kind `by` and refuses it when one is exceeded. `add` false
 * only reads (a limit of failures checks before the attempt and counts after it fails).
 */
export async function enforceLimits(
  ctx: AppContext,
  caller: Caller,
  name: string,
  rules: readonly RateLimit[],
  by: RateLimit['by'],
  body?: unknown,
  add = true,
): Promise<void> {
  if (!(await withinLists(ctx, caller))) return;
  const limiter = ctx.limiter;
  if (!limiter) return;
  for (const rule of rules) {
    if (rule.by !== by) continue;
    const key = keyOf(name, rule, caller, body);
    if (key === null) continue;
    const { allowed, retryAfterSeconds } = await limiter.count(key, rule.limit, rule.windowSeconds * 1000, add);
    if (!allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds });
  }
}

/**
 * Applies the organisation's address lists: throws ADDRESS_REFUSED for an address always refused, and
 * answers false for one always allowed (nothing to count) and true for any other.
 */
async function withinLists(ctx: AppContext, caller: Caller): Promise<boolean> {
  const standing = await standingOf(ctx, caller.organisation, caller.address);
  if (standing === 'refused') throw new AppError('ADDRESS_REFUSED');
  return standing === 'listed-nowhere';
}

/** The limits of an endpoint of the contract, by its operationId. */
export const limitsOf = (operationId: string): readonly RateLimit[] => RATE_LIMITS[operationId] ?? [];

/**
 * A limit of failures around `attempt`: refused at once when the address has failed `rule.limit` times
 * in the window; otherwise the attempt runs, and a failure `failed` recognises is counted before it is rethrown.
 */
export async function limitFailures<T>(
  ctx: AppContext,
  caller: Caller,
  name: string,
  rule: RateLimit,
  attempt: () => Promise<T>,
  failed: (error: unknown) => boolean,
): Promise<T> {
  await enforceLimits(ctx, caller, name, [rule], rule.by, undefined, false);
  try {
    return await attempt();
  } catch (error) {
    if (failed(error)) await countFailure(ctx, caller, name, rule);
    throw error;
  }
}

/** Counts one failure against a limit of failures by address (checked with `enforceLimits(..., add = false)`). */
export async function countFailure(ctx: AppContext, caller: Caller, name: string, rule: RateLimit): Promise<void> {
  if (!ctx.limiter || (await standingOf(ctx, caller.organisation, caller.address)) === 'allowed') return;
  const key = keyOf(name, rule, caller, undefined);
  if (key !== null) await ctx.limiter.count(key, rule.limit, rule.windowSeconds * 1000);
}
