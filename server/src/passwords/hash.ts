/**
 * Password hashing with argon2id (a napi binary, no compile step) at OWASP's recommended parameters.
 * Passwords are Unicode-normalised (NFKC) so the same password typed on different devices matches.
 */
import { availableParallelism } from 'node:os';

import { hash, verify } from '@node-rs/argon2';

import { verifyForeignHash } from './foreign.ts';

/** OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1. */
export const ARGON2_PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many argon2 computations run at once in a process (its share of the cores, at least one);
 * the rest queue in arrival order. Each hash holds 19 MiB and a libuv thread for tens of milliseconds,
 * so without a cap a burst of sign-ins fills the thread pool and memory and token, JWKS and page
 * requests wait behind it. With WORKERS processes on one machine, each takes cores / WORKERS.
 */
export const hashConcurrencyFor = (workers: number): number => Math.max(1, Math.round(availableParallelism() / Math.max(1, workers)));

/** A counting semaphore: FIFO, no timers. */
export class HashLimiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }

  get running(): number {
    return this.active;
  }
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

let limiter = new HashLimiter(hashConcurrencyFor(1));

/** Sets this process's cap, at start-up (main.ts, from WORKERS). */
export function limitConcurrentHashes(limit: number): void {
  limiter = new HashLimiter(limit);
}

export function normalisePassword(password: string): string {
  return password.normalize('NFKC');
}

export function hashPassword(password: string): Promise<string> {
  const normalised = normalisePassword(password);
  return limiter.run(() => hash(normalised, ARGON2_PARAMS));
}

/**
 * Compares in constant time; a malformed hash is a mismatch, not an error. Besides Gatehouse's argon2id it
 * checks the foreign hashes an import kept (foreign.ts), which the first successful sign-in replaces.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    const normalised = normalisePassword(password);
    if (passwordHash.startsWith('$argon2')) {
      if (await limiter.run(() => verify(passwordHash, normalised))) return true;
      // An imported argon2 hash was made from the password as typed, not normalised.
      return normalised !== password && (await limiter.run(() => verify(passwordHash, password)));
    }
    if (await limiter.run(() => verifyForeignHash(passwordHash, password))) return true;
    // A wrong password costs at least an argon2id check, so a fast foreign hash does not tell an
    // imported account (or a known email) from the rest.
    await verifyAgainstDummy(password);
    return false;
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown email cannot be told from a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('gatehouse-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** True when a stored hash was made with weaker parameters than today's and should be replaced. */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [, m, t, p] = match.map(Number);
  return m! < ARGON2_PARAMS.memoryCost || t! < ARGON2_PARAMS.timeCost || p! < ARGON2_PARAMS.parallelism;
}
