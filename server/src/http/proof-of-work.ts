/**
 * The proof-of-work challenge of the sign-in and sign-up forms (ALTCHA; common/src/policy.ts
 * PROOF_OF_WORK): a form asks for one once its address, or the organisation as a whole, has crossed a
 * threshold (failed password sign-ins, sign-up requests), and every sign-up does where the organisation
 * requires it. A challenge is HMAC-signed with a key derived from COOKIE_SECRET, carries its
 * organisation, form and expiry inside what is signed, and its solution is taken once: the counters of
 * the limits (http/limiter.ts: Redis across processes when configured, this process otherwise) hold
 * the solutions used, so a replay is refused by every process. Nothing leaves the machine.
 */
import { createHash, createHmac } from 'node:crypto';

import { type ChallengedForm, PROOF_OF_WORK } from '@gatehouse/common/policy';
import { altchaChallenge, type ChallengeAnswer } from '@gatehouse/common/schemas/challenge';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';

import type { AppContext } from '../context.ts';
import { AppError } from './errors.ts';
import { type Limiter, memoryLimiter } from './limiter.ts';
import { addressKey, type Caller, standingOfCaller } from './limits.ts';

const solvedPayload = z.strictObject({
  challenge: altchaChallenge,
  solution: z.strictObject({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256), time: z.number().optional() }),
});

// With RATE_LIMITS off (load tests) there are no limits' counters: used solutions are then kept here.
const ownCounters = new WeakMap<AppContext, Limiter>();
function countersOf(ctx: AppContext): Limiter {
  if (ctx.limiter) return ctx.limiter;
  let counters = ownCounters.get(ctx);
  if (!counters) ownCounters.set(ctx, (counters = memoryLimiter(ctx.clock)));
  return counters;
}

/** The two HMAC keys (the challenge's signature, the solved key's signature), derived apart from the cookies' own use of the secret. */
function secretsOf(ctx: AppContext) {
  const derive = (label: string) =>
    createHmac('sha256', ctx.config.cookieSecret).update(`gatehouse proof-of-work ${label}`).digest('base64url');
  return { hmacSignatureSecret: derive('challenge'), hmacKeySignatureSecret: derive('key') };
}

type Threshold = { limit: number; windowSeconds: number };
const THRESHOLDS: Record<ChallengedForm, { byAddress: Threshold; byOrganisation: Threshold }> = {
  signIn: { byAddress: PROOF_OF_WORK.signInFailuresByAddress, byOrganisation: PROOF_OF_WORK.signInFailuresByOrganisation },
  signUp: { byAddress: PROOF_OF_WORK.signUpsByAddress, byOrganisation: PROOF_OF_WORK.signUpsByOrganisation },
};

const keysOf = (form: ChallengedForm, caller: Caller) => ({
  byAddress: `pow:${form}:a:${caller.organisation.id}:${addressKey(caller.address)}`,
  byOrganisation: `pow:${form}:o:${caller.organisation.id}`,
});

/**
 * Whether `form` asks `caller` for a challenge now. The thresholds count only while the limits are on
 * (RATE_LIMITS); the organisation's "always on sign-up" holds regardless.
 */
export async function challengeRequired(ctx: AppContext, caller: Caller, form: ChallengedForm): Promise<boolean> {
  // An address always allowed is never challenged; one always refused never gets this far.
  const standing = await standingOfCaller(ctx, caller);
  if (standing === 'refused') throw new AppError('ADDRESS_REFUSED');
  if (standing === 'allowed') return false;
  if (form === 'signUp' && caller.organisation.row.require_sign_up_challenge) return true;
  const limiter = ctx.limiter;
  if (!limiter) return false;
  const keys = keysOf(form, caller);
  const thresholds = THRESHOLDS[form];
  for (const which of ['byAddress', 'byOrganisation'] as const) {
    const { limit, windowSeconds } = thresholds[which];
    if (!(await limiter.count(keys[which], limit, windowSeconds * 1000, false)).allowed) return true;
  }
  return false;
}

/** Counts one event towards the form's thresholds: a failed password sign-in, or a sign-up request. */
export async function countTowardsChallenge(ctx: AppContext, caller: Caller, form: ChallengedForm): Promise<void> {
  const limiter = ctx.limiter;
  if (!limiter) return;
  const keys = keysOf(form, caller);
  const thresholds = THRESHOLDS[form];
  for (const which of ['byAddress', 'byOrganisation'] as const) {
    const { limit, windowSeconds } = thresholds[which];
    await limiter.count(keys[which], limit, windowSeconds * 1000);
  }
}

/** A fresh challenge for `form` at the caller's organisation, signed and expiring. */
export async function issueChallenge(
  ctx: AppContext,
  caller: Caller,
  form: ChallengedForm,
): Promise<NonNullable<ChallengeAnswer['challenge']>> {
  const challenge = await createChallenge({
    algorithm: PROOF_OF_WORK.algorithm,
    cost: PROOF_OF_WORK.cost,
    counter: randomInt(PROOF_OF_WORK.counterMin, PROOF_OF_WORK.counterMax),
    deriveKey,
    expiresAt: Math.floor(ctx.clock.now() / 1000) + PROOF_OF_WORK.challengeSeconds,
    data: { organisation: caller.organisation.id, form },
    ...secretsOf(ctx),
  });
  return altchaChallenge.parse(challenge);
}

/** What the form's challenge endpoint answers: whether one is asked, and one to solve when it is. */
export async function challengeFor(ctx: AppContext, caller: Caller, form: ChallengedForm): Promise<ChallengeAnswer> {
  if (!(await challengeRequired(ctx, caller, form))) return { required: false, challenge: null };
  return { required: true, challenge: await issueChallenge(ctx, caller, form) };
}

/**
 * Where `form` asks `caller` for a challenge, requires `solution` to be a solution of one issued here for
 * this organisation and form, unexpired and never used before (CHALLENGE_REQUIRED without one,
 * CHALLENGE_FAILED otherwise). Called before the password is checked or a sign-up starts.
 */
export async function requireSolvedChallenge(
  ctx: AppContext,
  caller: Caller,
  form: ChallengedForm,
  solution: string | undefined,
): Promise<void> {
  if (!(await challengeRequired(ctx, caller, form))) return;
  if (!solution) throw new AppError('CHALLENGE_REQUIRED');
  const payload = decode(solution);
  if (!payload) throw new AppError('CHALLENGE_FAILED');
  const { challenge } = payload;
  const data = challenge.parameters.data;
  if (data?.['organisation'] !== caller.organisation.id || data['form'] !== form) throw new AppError('CHALLENGE_FAILED');
  const expiresAt = challenge.parameters.expiresAt;
  if (expiresAt === undefined || expiresAt * 1000 <= ctx.clock.now()) throw new AppError('CHALLENGE_FAILED');
  const result = await verifySolution({ challenge, solution: payload.solution, deriveKey, ...secretsOf(ctx) }).catch(() => null);
  if (!result?.verified) throw new AppError('CHALLENGE_FAILED');
  // Taken once: the first count of its signature is within a limit of 1, every later one (any process with Redis) is not.
  const used = `pow:used:${caller.organisation.id}:${createHash('sha256').update(challenge.signature).digest('base64url').slice(0, 22)}`;
  const { allowed } = await countersOf(ctx).count(used, 1, PROOF_OF_WORK.challengeSeconds * 1000 * 2);
  if (!allowed) throw new AppError('CHALLENGE_FAILED');
}

function decode(solution: string): z.infer<typeof solvedPayload> | null {
  try {
    const parsed = solvedPayload.safeParse(JSON.parse(Buffer.from(solution, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
