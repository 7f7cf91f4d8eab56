/**
 * Password hashes made by other systems (imports from Keycloak, Auth0, Django or a spreadsheet), kept as
 * they were given and checked at sign-in until the first successful one replaces them with Gatehouse's
 * argon2id (hash.ts `needsRehash`). Recognised: bcrypt ($2a$, $2b$, $2y$), argon2i/d/id PHC strings,
 * scrypt ($scrypt$ PHC and Django's `scrypt$`), PBKDF2 with SHA-1, SHA-256 or SHA-512 in the PHC
 * encoding (`$pbkdf2-sha256$i=…` and passlib's `$pbkdf2-sha256$29000$…`), Django's (`pbkdf2_sha256$…`)
 * and Keycloak's (its credential's `secretData` and `credentialData`, as `kc.sh export` writes them).
 * Anything else, a plain-text password included, is not a hash and is refused at import.
 *
 * Every check derives the key with a maintained implementation (bcryptjs, node's crypto, @node-rs/argon2)
 * and compares in constant time. Parameters are bounded so a stored hash cannot make one sign-in take
 * minutes or gigabytes.
 */
import { pbkdf2, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

import { verify as argon2Verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

const pbkdf2Async = promisify(pbkdf2);
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

export type ForeignScheme = 'bcrypt' | 'argon2' | 'scrypt' | 'pbkdf2';
type Digest = 'sha1' | 'sha256' | 'sha512';

/** A foreign hash read into what its check needs. */
export type ParsedHash =
  | { scheme: 'bcrypt'; hash: string }
  | { scheme: 'argon2'; phc: string }
  | { scheme: 'scrypt'; n: number; r: number; p: number; salt: Buffer; key: Buffer }
  | { scheme: 'pbkdf2'; digest: Digest; iterations: number; salt: Buffer; key: Buffer };

/** Bounds on what a stored hash may ask for: beyond them a hash is refused at import, never run. */
export const FOREIGN_HASH_LIMITS = {
  bcryptCost: { min: 4, max: 16 },
  pbkdf2Iterations: { min: 1_000, max: 5_000_000 },
  /** scrypt's memory, 128 * N * r * p bytes. */
  scryptMemoryBytes: 256 * 1024 * 1024,
  argon2MemoryKiB: 262_144,
  argon2TimeCost: 20,
  /** Longest accepted hash text (a Keycloak credential pair with a 1024-bit key is about 400 characters). */
  length: 2_000,
} as const;

export type Recognised = { ok: true; scheme: ForeignScheme; stored: string } | { ok: false; reason: string };

/** Why a given text is refused as a password hash, in words an importing administrator can act on. */
export const HASH_REFUSALS = {
  empty: 'The password hash is empty.',
  tooLong: 'The password hash is too long.',
  unknown: 'The password hash is in a format Gatehouse does not recognise (plain-text passwords are refused).',
  weak: 'The password hash has parameters outside what Gatehouse accepts.',
} as const;

const DIGESTS: Record<string, Digest> = { sha1: 'sha1', sha256: 'sha256', sha512: 'sha512' };
const KEYCLOAK_DIGESTS: Record<string, Digest> = { pbkdf2: 'sha1', 'pbkdf2-sha256': 'sha256', 'pbkdf2-sha512': 'sha512' };

/** Standard or URL-safe base64, or passlib's "adapted" base64 ('.' for '+'), padded or not. */
function b64(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/._-]*={0,2}$/.test(text)) return undefined;
  const bytes = Buffer.from(text.replace(/\./g, '+').replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length > 0 ? bytes : undefined;
}

const int = (text: string | undefined): number | undefined => (text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : undefined);

function phcParams(text: string): Record<string, string> {
  return Object.fromEntries(text.split(',').map((pair) => pair.split('=', 2) as [string, string]));
}

function pbkdf2Of(
  digest: Digest | undefined,
  iterations: number | undefined,
  salt: Buffer | undefined,
  key: Buffer | undefined,
): ParsedHash | undefined {
  if (!digest || iterations === undefined || !salt || !key) return undefined;
  return { scheme: 'pbkdf2', digest, iterations, salt, key };
}

function parseKeycloak(text: string): ParsedHash | undefined {
  let outer: unknown;
  try {
    outer = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof outer !== 'object' || outer === null) return undefined;
  const { secretData, credentialData } = outer as Record<string, unknown>;
  const inner = (v: unknown): Record<string, unknown> | undefined => {
    try {
      const o: unknown = typeof v === 'string' ? JSON.parse(v) : v;
      return typeof o === 'object' && o !== null ? (o as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };
  const secret = inner(secretData);
  const data = inner(credentialData);
  if (!secret || !data || typeof secret.value !== 'string' || typeof secret.salt !== 'string') return undefined;
  const salt = b64(secret.salt);
  const key = b64(secret.value);
  const iterations = typeof data.hashIterations === 'number' && Number.isInteger(data.hashIterations) ? data.hashIterations : undefined;
  const algorithm = typeof data.algorithm === 'string' ? data.algorithm : '';
  if (algorithm === 'argon2') {
    // Keycloak keeps argon2's parameters as lists of strings: {"type":["id"],"memory":["7168"],...}.
    const extra = (data.additionalParameters ?? {}) as Record<string, unknown>;
    const first = (name: string): string | undefined => {
      const v = extra[name];
      return Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;
    };
    const type = first('type') ?? 'id';
    const version = first('version') === '1.0' ? 16 : 19;
    const memory = int(first('memory'));
    const parallelism = int(first('parallelism'));
    if (!['i', 'd', 'id'].includes(type) || !memory || !parallelism || !iterations || !salt || !key) return undefined;
    const plain = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
    return {
      scheme: 'argon2',
      phc: `$argon2${type}$v=${version}$m=${memory},t=${iterations},p=${parallelism}$${plain(salt)}$${plain(key)}`,
    };
  }
  return pbkdf2Of(KEYCLOAK_DIGESTS[algorithm], iterations, salt, key);
}

/** Reads a stored or given foreign hash; undefined when it is not one Gatehouse can check. */
export function parseForeignHash(text: string): ParsedHash | undefined {
  if (text.startsWith('{')) return parseKeycloak(text);
  if (/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(text)) return { scheme: 'bcrypt', hash: text };
  if (/^\$argon2(i|d|id)\$(v=\d+\$)?m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.test(text)) return { scheme: 'argon2', phc: text };
  const parts = text.split('$');
  // PHC: $pbkdf2-sha256$i=600000,l=32$salt$key, or passlib's $pbkdf2-sha256$29000$salt$key ($pbkdf2$ is SHA-1).
  const phcPbkdf2 = /^\$pbkdf2(?:-(sha1|sha256|sha512))?\$/.exec(text);
  if (phcPbkdf2 && parts.length === 5) {
    const iterations = int(parts[2]) ?? int(phcParams(parts[2]!).i);
    return pbkdf2Of(DIGESTS[phcPbkdf2[1] ?? 'sha1'], iterations, b64(parts[3]!), b64(parts[4]!));
  }
  // Django: pbkdf2_sha256$870000$salt$key, the salt used as its text.
  const django = /^pbkdf2_(sha1|sha256|sha512)\$/.exec(text);
  if (django && parts.length === 4 && parts[2])
    return pbkdf2Of(DIGESTS[django[1]!], int(parts[1]), Buffer.from(parts[2], 'utf8'), b64(parts[3]!));
  // PHC scrypt: $scrypt$ln=15,r=8,p=1$salt$key.
  if (text.startsWith('$scrypt$') && parts.length === 5) {
    const params = phcParams(parts[2]!);
    const ln = int(params.ln);
    const r = int(params.r);
    const p = int(params.p);
    const salt = b64(parts[3]!);
    const key = b64(parts[4]!);
    if (ln === undefined || ln > 30 || !r || !p || !salt || !key) return undefined;
    return { scheme: 'scrypt', n: 2 ** ln, r, p, salt, key };
  }
  // Django: scrypt$16384$salt$8$1$key.
  if (text.startsWith('scrypt$') && parts.length === 6 && parts[2]) {
    const n = int(parts[1]);
    const r = int(parts[3]);
    const p = int(parts[4]);
    const key = b64(parts[5]!);
    if (!n || !r || !p || !key) return undefined;
    return { scheme: 'scrypt', n, r, p, salt: Buffer.from(parts[2], 'utf8'), key };
  }
  return undefined;
}

function withinLimits(hash: ParsedHash): boolean {
  const L = FOREIGN_HASH_LIMITS;
  switch (hash.scheme) {
    case 'bcrypt': {
      const cost = Number(hash.hash.slice(4, 6));
      return cost >= L.bcryptCost.min && cost <= L.bcryptCost.max;
    }
    case 'argon2': {
      const m = /m=(\d+),t=(\d+),p=(\d+)/.exec(hash.phc)!;
      return Number(m[1]) <= L.argon2MemoryKiB && Number(m[2]) <= L.argon2TimeCost && Number(m[3]) >= 1 && Number(m[3]) <= 16;
    }
    case 'scrypt':
      return (hash.n & (hash.n - 1)) === 0 && hash.n > 1 && 128 * hash.n * hash.r * hash.p <= L.scryptMemoryBytes;
    case 'pbkdf2':
      return hash.iterations >= L.pbkdf2Iterations.min && hash.iterations <= L.pbkdf2Iterations.max && hash.key.length >= 16;
  }
}

/** Whether a given text is a foreign hash Gatehouse can keep and check, and the text to store. */
export function recogniseForeignHash(text: string): Recognised {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: HASH_REFUSALS.empty };
  if (trimmed.length > FOREIGN_HASH_LIMITS.length) return { ok: false, reason: HASH_REFUSALS.tooLong };
  const parsed = parseForeignHash(trimmed);
  if (!parsed) return { ok: false, reason: HASH_REFUSALS.unknown };
  if (!withinLimits(parsed)) return { ok: false, reason: HASH_REFUSALS.weak };
  return { ok: true, scheme: parsed.scheme, stored: trimmed };
}

/** A Keycloak password credential (its two JSON strings as `kc.sh export` writes them) as one text to store. */
export function keycloakHashText(credential: { secretData: string; credentialData: string }): string {
  return JSON.stringify({ secretData: credential.secretData, credentialData: credential.credentialData });
}

const same = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

/**
 * Checks a password against a foreign hash, with the password exactly as typed (the other system did
 * not normalise it). A hash that cannot be read, or asks for too much, is a mismatch.
 */
export async function verifyForeignHash(stored: string, password: string): Promise<boolean> {
  const hash = parseForeignHash(stored);
  if (!hash || !withinLimits(hash)) return false;
  try {
    switch (hash.scheme) {
      case 'bcrypt': {
        // bcryptjs speaks $2a$/$2b$; $2y$ (PHP) is the same algorithm under another name.
        const normal = hash.hash.replace(/^\$2y\$/, '$2b$');
        const computed = await bcrypt.hash(password, normal.slice(0, 29));
        return same(Buffer.from(computed.slice(29)), Buffer.from(normal.slice(29)));
      }
      case 'argon2':
        return await argon2Verify(hash.phc, password);
      case 'scrypt': {
        const computed = await scryptAsync(password, hash.salt, hash.key.length, {
          N: hash.n,
          r: hash.r,
          p: hash.p,
          maxmem: FOREIGN_HASH_LIMITS.scryptMemoryBytes + 1024 * 1024,
        });
        return same(computed, hash.key);
      }
      case 'pbkdf2': {
        const computed = await pbkdf2Async(password, hash.salt, hash.iterations, hash.key.length, hash.digest);
        return same(computed, hash.key);
      }
    }
  } catch {
    return false;
  }
}
