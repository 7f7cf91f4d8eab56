/**
 * A people export with its secrets (password hashes, authenticator keys) leaves the operator's CLI
 * sealed under a key derived from a passphrase (crypto/passphrase-sealing.ts), as the organisation export
 * is: scrypt, then AES-256-GCM bound to this file's kind. `gatehouse import-users --passphrase-file` opens it.
 */
import { z } from 'zod';

import { decryptSecret, encryptSecret } from '../crypto/key-encryption.ts';
import { newSealing, PASSPHRASE_MIN_LENGTH, passphraseSealing, sealingKey } from '../crypto/passphrase-sealing.ts';

const FORMAT = 'gatehouse-people';
const BINDING = 'gatehouse people export';

const sealedPeople = z
  .object({
    format: z.literal(FORMAT),
    version: z.literal(1),
    /** csv or jsonl: the format to import the opened text as. */
    content: z.enum(['csv', 'jsonl']),
    sealing: passphraseSealing.strict(),
    data: z.string(),
  })
  .strict();

export class SealedPeopleRefused extends Error {}

export function sealPeople(text: string, content: 'csv' | 'jsonl', passphrase: string): string {
  if (passphrase.length < PASSPHRASE_MIN_LENGTH)
    throw new SealedPeopleRefused(`The passphrase must be at least ${PASSPHRASE_MIN_LENGTH} characters long.`);
  const sealing = newSealing();
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
