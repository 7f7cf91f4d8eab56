/**
 * A key derived from the operator's passphrase, for files that leave the installation (an organisation
 * export, a people export with its secrets): scrypt, its salt and cost written beside the sealed data so
 * the file can be opened elsewhere, within bounds a hostile file cannot stretch.
 */
import { randomBytes, scryptSync } from 'node:crypto';

import { z } from 'zod';

export const PASSPHRASE_MIN_LENGTH = 12;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;

/** What a file records of its sealing: enough to derive the key again. */
export const passphraseSealing = z.object({
  kdf: z.literal('scrypt'),
  salt: z.string().min(16),
  N: z
    .number()
    .int()
    .min(2 ** 14)
    .max(2 ** 20),
  r: z.number().int().min(1).max(16),
  p: z.number().int().min(1).max(4),
});
export type PassphraseSealing = z.infer<typeof passphraseSealing>;

/** A new sealing: a random salt with today's cost. */
export function newSealing(): PassphraseSealing {
  return { kdf: 'scrypt', salt: randomBytes(16).toString('base64url'), ...SCRYPT };
}

export function sealingKey(passphrase: string, sealing: Pick<PassphraseSealing, 'salt' | 'N' | 'r' | 'p'>): string {
  return scryptSync(passphrase.normalize('NFKC'), Buffer.from(sealing.salt, 'base64url'), 32, {
    N: sealing.N,
    r: sealing.r,
    p: sealing.p,
    maxmem: 256 * sealing.N * sealing.r,
  }).toString('base64url');
}
