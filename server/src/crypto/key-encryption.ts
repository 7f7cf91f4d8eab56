/**
 * Encrypts private signing keys at rest with the configured key-encryption key (AES-256-GCM). The
 * organisation and key id are bound in as associated data, so a row copied to another organisation
 * or key does not decrypt. The envelope names the key-encryption key by a short fingerprint, so a
 * process started with a different KEY_ENCRYPTION_KEY says so plainly instead of failing obscurely.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function deriveKey(secret: string): Buffer {
  return createHash('sha256').update(`gatehouse key-encryption-key\0${secret}`).digest();
}

function fingerprint(key: Buffer): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 8);
}

export class KeyEncryptionError extends Error {}

export function encryptSecret(secret: string, plaintext: string, associatedData: string): string {
  const key = deriveKey(secret);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associatedData));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION,
    fingerprint(key),
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ciphertext.toString('base64url'),
  ].join('.');
}

/** Whether the envelope was sealed under this key-encryption key (a rotation re-encrypts the others). */
export function sealedWith(secret: string, envelope: string): boolean {
  return envelope.split('.')[1] === fingerprint(deriveKey(secret));
}

/**
 * Opens an envelope with whichever of the given key-encryption keys sealed it (the current key and,
 * during a rotation, the decrypt-only one).
 */
export function decryptSecret(secrets: string | readonly string[], envelope: string, associatedData: string): string {
  const [version, keyId, iv, tag, ciphertext] = envelope.split('.');
  if (version !== VERSION || !keyId || !iv || !tag || ciphertext === undefined)
    throw new KeyEncryptionError('The stored key is not in a known format.');
  const key = (typeof secrets === 'string' ? [secrets] : secrets).map(deriveKey).find((candidate) => fingerprint(candidate) === keyId);
  if (!key) {
    throw new KeyEncryptionError(
      'The signing keys were encrypted with a different KEY_ENCRYPTION_KEY: give every process the same value (or the same DATA_DIR), and during a rotation the other one as KEY_ENCRYPTION_KEY_DECRYPT_ONLY.',
    );
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(associatedData));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new KeyEncryptionError('A stored signing key failed its integrity check.');
  }
}
