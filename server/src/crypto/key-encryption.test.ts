import { describe, expect, it } from 'vitest';

import { decryptSecret, encryptSecret, KeyEncryptionError } from './key-encryption.ts';

const KEK = 'a key-encryption key of at least 32 characters';

describe('signing keys encrypted at rest', () => {
  it('round-trips, and never stores the plaintext', () => {
    const envelope = encryptSecret(KEK, '{"d":"private"}', 'org:kid');
    expect(envelope).toMatch(/^v1\.[\w-]{8}\./);
    expect(envelope).not.toContain('private');
    expect(decryptSecret(KEK, envelope, 'org:kid')).toBe('{"d":"private"}');
  });

  it('says plainly when a process has another key-encryption key', () => {
    const envelope = encryptSecret(KEK, 'secret', 'org:kid');
    expect(() => decryptSecret(`${KEK}!`, envelope, 'org:kid')).toThrow(KeyEncryptionError);
    expect(() => decryptSecret(`${KEK}!`, envelope, 'org:kid')).toThrow(/different KEY_ENCRYPTION_KEY/);
  });

  it('refuses a key moved to another organisation or tampered with', () => {
    const envelope = encryptSecret(KEK, 'secret', 'org-a:kid');
    expect(() => decryptSecret(KEK, envelope, 'org-b:kid')).toThrow(/integrity/);
    const parts = envelope.split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret(KEK, parts.join('.'), 'org-a:kid')).toThrow(/integrity/);
  });
});
