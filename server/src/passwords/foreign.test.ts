import { pbkdf2Sync, randomBytes, scryptSync } from 'node:crypto';

import { hash as argon2Hash, hashRaw } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';

import { HASH_REFUSALS, keycloakHashText, recogniseForeignHash, verifyForeignHash } from './foreign.ts';
import { needsRehash, verifyPassword } from './hash.ts';

const PASSWORD = 'Corréct horse battery';
const WRONG = 'Correct horse battery';
// @node-rs/argon2's Algorithm is a const enum: its values (argon2d 0, argon2i 1, argon2id 2).
const Algorithm = { Argon2d: 0, Argon2i: 1, Argon2id: 2 } as const;
const b64 = (b: Buffer) => b.toString('base64');
const unpadded = (b: Buffer) => b64(b).replace(/=+$/, '');
const passlib = (b: Buffer) => unpadded(b).replace(/\+/g, '.');

/** Hashes as each product writes them, made by the real algorithms. */
async function samples(password: string): Promise<Record<string, string>> {
  const salt = randomBytes(16);
  const djangoSalt = 'Xq1aZlT0bQ2m7rVd3kPw9e';
  const keycloak = (algorithm: string, digest: string, iterations: number, bytes: number) =>
    keycloakHashText({
      secretData: JSON.stringify({
        value: b64(pbkdf2Sync(password, salt, iterations, bytes, digest)),
        salt: b64(salt),
        additionalParameters: {},
      }),
      credentialData: JSON.stringify({ hashIterations: iterations, algorithm, additionalParameters: {} }),
    });
  const argon2Raw = await hashRaw(password, {
    algorithm: Algorithm.Argon2id,
    memoryCost: 7168,
    timeCost: 5,
    parallelism: 1,
    outputLen: 32,
    salt,
  });
  return {
    bcrypt2a: bcrypt.hashSync(password, bcrypt.genSaltSync(10)).replace(/^\$2b\$/, '$2a$'),
    bcrypt2b: bcrypt.hashSync(password, 4),
    bcrypt2y: bcrypt.hashSync(password, 5).replace(/^\$2b\$/, '$2y$'),
    argon2i: await argon2Hash(password, { algorithm: Algorithm.Argon2i, memoryCost: 4096, timeCost: 3, parallelism: 1 }),
    argon2d: await argon2Hash(password, { algorithm: Algorithm.Argon2d, memoryCost: 4096, timeCost: 3, parallelism: 1 }),
    argon2id: await argon2Hash(password, { algorithm: Algorithm.Argon2id, memoryCost: 65536, timeCost: 3, parallelism: 4 }),
    scryptPhc: `$scrypt$ln=14,r=8,p=1$${unpadded(salt)}$${unpadded(scryptSync(password, salt, 32, { N: 2 ** 14, r: 8, p: 1 }))}`,
    scryptDjango: `scrypt$16384$${djangoSalt}$8$1$${b64(scryptSync(password, djangoSalt, 64, { N: 16384, r: 8, p: 1 }))}`,
    pbkdf2Sha1Phc: `$pbkdf2$i=10000,l=20$${unpadded(salt)}$${unpadded(pbkdf2Sync(password, salt, 10000, 20, 'sha1'))}`,
    pbkdf2Sha256Passlib: `$pbkdf2-sha256$29000$${passlib(salt)}$${passlib(pbkdf2Sync(password, salt, 29000, 32, 'sha256'))}`,
    pbkdf2Sha512Phc: `$pbkdf2-sha512$i=25000$${unpadded(salt)}$${unpadded(pbkdf2Sync(password, salt, 25000, 64, 'sha512'))}`,
    djangoSha256: `pbkdf2_sha256$60000$${djangoSalt}$${b64(pbkdf2Sync(password, djangoSalt, 60000, 32, 'sha256'))}`,
    djangoSha1: `pbkdf2_sha1$20000$${djangoSalt}$${b64(pbkdf2Sync(password, djangoSalt, 20000, 20, 'sha1'))}`,
    keycloakSha1: keycloak('pbkdf2', 'sha1', 20000, 64),
    keycloakSha256: keycloak('pbkdf2-sha256', 'sha256', 27500, 32),
    keycloakSha512: keycloak('pbkdf2-sha512', 'sha512', 210000, 64),
    keycloakArgon2: keycloakHashText({
      secretData: JSON.stringify({ value: b64(argon2Raw), salt: b64(salt), additionalParameters: {} }),
      credentialData: JSON.stringify({
        hashIterations: 5,
        algorithm: 'argon2',
        additionalParameters: { hashLength: ['32'], memory: ['7168'], type: ['id'], version: ['1.3'], parallelism: ['1'] },
      }),
    }),
  };
}

describe('foreign password hashes', () => {
  it('recognises, keeps as given and verifies every supported encoding, and only the right password', async () => {
    const hashes = await samples(PASSWORD);
    for (const [name, text] of Object.entries(hashes)) {
      const recognised = recogniseForeignHash(text);
      expect(recognised, name).toMatchObject({ ok: true, stored: text });
      expect(await verifyForeignHash(text, PASSWORD), name).toBe(true);
      expect(await verifyForeignHash(text, WRONG), name).toBe(false);
      // Through the one password check; replaced at the next sign-in unless already argon2id as strong as ours.
      expect(await verifyPassword(text, PASSWORD), name).toBe(true);
      expect(await verifyPassword(text, WRONG), name).toBe(false);
      expect(needsRehash(text), name).toBe(name !== 'argon2id');
    }
  }, 60_000);

  it('refuses plain-text passwords, unknown formats and hashes asking for too much', () => {
    const refused = (text: string) => (recogniseForeignHash(text) as { reason?: string }).reason;
    expect(refused('')).toBe(HASH_REFUSALS.empty);
    expect(refused('hunter2-is-my-password')).toBe(HASH_REFUSALS.unknown);
    expect(refused('5f4dcc3b5aa765d61d8327deb882cf99')).toBe(HASH_REFUSALS.unknown); // unsalted MD5
    expect(refused('$1$saltsalt$qjXMvbEw8oaL.CzflDugX/')).toBe(HASH_REFUSALS.unknown); // md5-crypt
    expect(refused('{"secretData":"{}","credentialData":"{}"}')).toBe(HASH_REFUSALS.unknown);
    expect(refused('x'.repeat(3000))).toBe(HASH_REFUSALS.tooLong);
    expect(refused(`$2b$31$${'a'.repeat(53)}`)).toBe(HASH_REFUSALS.weak);
    expect(refused(`pbkdf2_sha256$10$salt$${b64(randomBytes(32))}`)).toBe(HASH_REFUSALS.weak);
    expect(refused(`$scrypt$ln=24,r=8,p=1$${unpadded(randomBytes(16))}$${unpadded(randomBytes(32))}`)).toBe(HASH_REFUSALS.weak);
  });

  it('treats a corrupted hash as a mismatch, never an error', async () => {
    const { djangoSha256 = '', bcrypt2b = '' } = await samples(PASSWORD);
    expect(await verifyForeignHash(djangoSha256.slice(0, -4) + 'AAAA', PASSWORD)).toBe(false);
    expect(await verifyForeignHash(bcrypt2b.slice(0, -2) + '..', PASSWORD)).toBe(false);
    expect(await verifyForeignHash('{not json', PASSWORD)).toBe(false);
  });
});
