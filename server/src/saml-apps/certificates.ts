/**
 * The organisation's SAML signing certificates: self-signed X.509 certificates (@peculiar/x509) over the
 * organisation's RS256 keys (oidc/keys.ts), so SAML rotates with the OpenID keys: the next key's
 * certificate is in the metadata before it signs. A certificate is made the same every time from its key
 * (serial from the key id, validity from fixed dates; RSASSA-PKCS1-v1_5 signatures are deterministic),
 * so the metadata stays the same between processes and restarts.
 */
import { createHash, createPrivateKey, webcrypto } from 'node:crypto';

import * as x509 from '@peculiar/x509';

import type { AppContext } from '../context.ts';
import { loadRsaKeys, type PrivateJwk, publicJwk } from '../oidc/keys.ts';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const NOT_BEFORE = new Date('2020-01-01T00:00:00Z');
const NOT_AFTER = new Date('2099-12-31T23:59:59Z');

/** Base64 DER per key id: a certificate costs a signature to make. Bounded: cleared when full. */
const made = new Map<string, Promise<string>>();
const MADE_MAX = 2000;

async function certificateOf(jwk: PrivateJwk, commonName: string): Promise<string> {
  const key = `${jwk.kid}:${commonName}`;
  let cert = made.get(key);
  if (!cert) {
    if (made.size >= MADE_MAX) made.clear();
    cert = (async () => {
      const privateKey = await webcrypto.subtle.importKey('jwk', jwk, RSA, false, ['sign']);
      const publicKey = await webcrypto.subtle.importKey('jwk', publicJwk(jwk), RSA, true, ['verify']);
      const generated = await x509.X509CertificateGenerator.createSelfSigned({
        serialNumber: `01${createHash('sha256').update(jwk.kid).digest('hex').slice(0, 30)}`,
        name: `CN=${commonName.replace(/[,+="\\<>;#]/g, '')}`,
        notBefore: NOT_BEFORE,
        notAfter: NOT_AFTER,
        keys: { privateKey, publicKey } as unknown as CryptoKeyPair,
        signingAlgorithm: RSA,
      });
      return Buffer.from(generated.rawData).toString('base64');
    })();
    made.set(key, cert);
    cert.catch(() => made.delete(key));
  }
  return cert;
}

export const toPem = (label: 'CERTIFICATE', b64: string) =>
  `-----BEGIN ${label}-----\n${b64.replace(/(.{64})/g, '$1\n').trim()}\n-----END ${label}-----\n`;

export interface IdpSigning {
  /** PEM of the private key that signs now. */
  privateKeyPem: string;
  /** Its certificate, base64 DER. */
  certificate: string;
  /** Every certificate to publish: the signing one first, then the next one(s). */
  published: string[];
}

/** The organisation's signing key and certificates, its hostname as the certificates' common name. */
export async function idpSigning(ctx: AppContext, organisationId: string, hostname: string): Promise<IdpSigning> {
  const { signing, next } = await loadRsaKeys(ctx, organisationId);
  const [certificate, ...upcoming] = await Promise.all([signing, ...next].map((jwk) => certificateOf(jwk, hostname)));
  const privateKeyPem = createPrivateKey({ key: signing, format: 'jwk' }).export({ format: 'pem', type: 'pkcs8' }).toString();
  return { privateKeyPem, certificate: certificate!, published: [certificate!, ...upcoming] };
}
