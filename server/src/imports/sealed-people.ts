/**
 * A people export with its secrets (password hashes, authenticator keys) leaves the operator's CLI
 * sealed under a key derived from a passphrase, as the organisation export is (organisations/transfer.ts):
 * scrypt, then AES-256-GCM bound to this file's kind. `gatehouse import-users --passphrase-file` opens it.
 */
import { randomBytes } from 'node:crypto';

import { z } from 'zod';

import { decryptSecret, encryptSecret } from '../crypto/key-encryption.ts';
import { PASSPHRASE_MIN_LENGTH, sealingKey } from '../organisations/transfer.ts';

const FORMAT = 'gatehouse-people';
const BINDING = 'gatehouse people export';
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;

const sealedPeople = z
  .object({
    format: z.literal(FORMAT),
    version: z.literal(1),
    /** csv or jsonl: the format to import the opened text as. */
    content: z.enum(['csv', 'jsonl']),
    sealing: z
      .object({
        kdf: z.literal('scrypt'),
        salt: z.string().min(16),
        N: z
          .number()
          .int()
          .min(2 ** 14)
          .max(2 ** 20),
        r: z.number().int().min(1).max(16),
        p: z.number().int().min(1).max(4),
      })
      .strict(),
    data: z.string(),
  })
  .strict();

export class SealedPeopleRefused extends Error {}

export function sealPeople(text: string, content: 'csv' | 'jsonl', passphrase: string): string {
  if (passphrase.length < PASSPHRASE_MIN_LENGTH)
    throw new SealedPeopleRefused(`The passphrase must be at least ${PASSPHRASE_MIN_LENGTH} characters long.`);
  const sealing = { kdf: 'scrypt' as const, salt: randomBytes(16).toString('base64url'), ...SCRYPT };
  const data = encryptSecret(sealingKey(passphrase, sealing), text, BINDING);
  return JSON.stringify({ format: FORMAT, version: 1, content, sealing, data });
}

/** Whether a file is a sealed people export (so the import asks for its passphrase). */
export const isSealedPeople = (text: string) => text.trimStart().startsWith('{') && text.includes(`"format":"${FORMAT}"`);

/** The text of a sealed people export, or why it cannot be opened. */
export function openSealedPeople(text: string, passphrase: string): { content: 'csv' | 'jsonl'; text: string } {
  let parsed: z.infer<typeof sealedPeople>;
  try {
    parsed = sealedPeople.parse(JSON.parse(text));
  } catch {
    throw new SealedPeopleRefused('The file is not a sealed people export Gatehouse can read.');
  }
  try {
    return { content: parsed.content, text: decryptSecret(sealingKey(passphrase, parsed.sealing), parsed.data, BINDING) };
  } catch {
    throw new SealedPeopleRefused('The passphrase does not open this file.');
  }
}
