/**
 * Passkeys (WebAuthn, through @simplewebauthn/server). The relying party id is the organisation's host
 * and the expected origin its public origin, so a passkey of one organisation never answers another.
 * Attestation `none`, user verification required. Every challenge is random, kept only as its SHA-256,
 * bound to the session (registering, confirming a removal), the sign-in state (the code step) or the
 * browser (a passwordless sign-in, by a signed cookie), short-lived and taken once.
 *
 * A user without a second step who adds a passkey gets passkeys as their method (kind 3, with recovery
 * codes); a user with an app, email or SMS method may add passkeys as an alternative at the code step
 * (keeping a passkey as a factor, and removing one, is mfa/passkey-enrolment.ts).
 * Where the organisation allows it, a passkey alone signs in (amr hwk user mfa).
 */
import { randomUUID } from 'node:crypto';

import type { Passkey } from '@gatehouse/common/schemas/passkeys';
import type * as WebAuthn from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

import { finishSignIn, type SignedIn } from '../accounts/session.ts';
import { findUserById } from '../accounts/store.ts';
import { MINUTE } from '../clock.ts';
import { originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import { hashToken, newToken, safeEqual } from '../crypto/tokens.ts';
import type { SessionRow, UserRow, WebauthnChallengeRow, WebauthnCredentialRow } from '../db/schema.ts';
import type { Unstamped } from '../db/scoped.ts';
import { scoped } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError, concerning } from '../http/errors.ts';
import { type Browser, type CookieChange, setCookie } from '../http/outcome.ts';
import type { Scope } from '../scope/scope.ts';
import { PASSWORDLESS_AMR } from '../sessions/amr.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import {
  findCredential,
  insertChallenge,
  insertPasswordlessChallenge,
  listCredentials,
  markCredentialUsed,
  renameCredential,
  takeChallenge,
  takePasswordlessChallenge,
} from './store.ts';

/**
 * The WebAuthn library with its certificate parsers, loaded on the first passkey operation: about 5 MB
 * of heap that a process whose users never use passkeys does not need.
 */
let library: Promise<typeof WebAuthn> | undefined;
const webauthn = () => (library ??= import('@simplewebauthn/server'));

/** base64url (RFC 4648 5, no padding), as WebAuthn's JSON encodes binary values. */
const base64url = {
  fromBytes: (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url'),
  toBytes: (text: string) => new Uint8Array(Buffer.from(text, 'base64url')),
  toText: (text: string) => Buffer.from(text, 'base64url').toString('utf8'),
  fromText: (text: string) => Buffer.from(text, 'utf8').toString('base64url'),
};

/** How long a browser has to answer a challenge. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

const rpOf = (ctx: AppContext, org: Organisation) => ({ rpID: org.hostname, origin: originFor(ctx.config, org.hostname) });

const transportsOf = (row: WebauthnCredentialRow) =>
  row.transports ? (row.transports.split(',') as AuthenticatorTransportFuture[]) : undefined;

export const toPasskey = (row: WebauthnCredentialRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  backedUp: Boolean(row.backed_up),
});

/** The challenge a browser signed, read from its clientDataJSON (the library checks it again against the one we kept). */
function signedChallenge(credential: { response: { clientDataJSON: string } }): string {
  try {
    const data = JSON.parse(base64url.toText(credential.response.clientDataJSON)) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && data.challenge.length > 0) return data.challenge;
  } catch {
    // falls through
  }
  throw new AppError('PASSKEY_INVALID');
}

async function issueChallenge(
  ctx: AppContext,
  scope: Scope,
  userId: string,
  purpose: WebauthnChallengeRow['purpose'],
  binding: string,
  challenge: string,
) {
  await insertChallenge(scope.db, {
    id: hashToken(challenge),
    user_id: userId,
    purpose,
    binding,
    expires_at: ctx.clock.now() + PASSKEY_CHALLENGE_MINUTES * MINUTE,
  });
}

/** Takes the challenge the credential signed, if it is this flow's, live and unused; otherwise the answer is refused. */
async function takeSignedChallenge(
  ctx: AppContext,
  scope: Scope,
  userId: string,
  purpose: WebauthnChallengeRow['purpose'],
  binding: string,
  credential: { response: { clientDataJSON: string } },
): Promise<string> {
  const challenge = signedChallenge(credential);
  const row = await takeChallenge(scope.db, hashToken(challenge), purpose, binding, ctx.clock.now());
  if (!row || row.user_id !== userId) throw new AppError('PASSKEY_INVALID');
  return challenge;
}

export async function listPasskeys(ctx: AppContext, scope: Scope, user: UserRow): Promise<Passkey[]> {
  return (await listCredentials(scope.db, user.id)).map(toPasskey);
}

/** POST /api/passkeys/options: creation options for this session's user, their passkeys excluded. */
export async function registrationOptions(
  ctx: AppContext,
  scope: Scope,
  user: UserRow,
  session: SessionRow,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const org = scope.organisation;
  const existing = await listCredentials(scope.db, user.id);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: org.displayName,
    rpID: rpOf(ctx, org).rpID,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: transportsOf(c) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: [-7, -257],
  });
  await issueChallenge(ctx, scope, user.id, 'register', session.id, options.challenge);
  return options;
}

/**
 * POST /api/passkeys, its WebAuthn half: checks the browser's attestation against this session's
 * challenge and answers the passkey's row, not yet stored (mfa/passkey-enrolment.ts keeps it as a factor).
 */
export async function verifyRegistration(
  ctx: AppContext,
  scope: Scope,
  user: UserRow,
  session: SessionRow,
  input: { name: string; credential: unknown },
): Promise<Unstamped<WebauthnCredentialRow>> {
  const org = scope.organisation;
  const response = input.credential as RegistrationResponseJSON;
  const challenge = await takeSignedChallenge(ctx, scope, user.id, 'register', session.id, response);
  const { rpID, origin } = rpOf(ctx, org);
  const { verifyRegistrationResponse } = await webauthn();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified || !verification.registrationInfo) throw new AppError('PASSKEY_INVALID');
  const info = verification.registrationInfo;
  const db = ctx.db.kysely;
  const now = ctx.clock.now();
  if (await findCredential(scoped(db, org.id), info.credential.id)) throw new AppError('CONFLICT');
  return {
    id: randomUUID(),
    user_id: user.id,
    credential_id: info.credential.id,
    public_key: base64url.fromBytes(info.credential.publicKey),
    sign_count: info.credential.counter,
    transports: (info.credential.transports ?? response.response.transports ?? []).join(','),
    device_type: info.credentialDeviceType,
    backed_up: info.credentialBackedUp,
    name: input.name,
    created_at: now,
    last_used_at: null,
  };
}

export async function renamePasskey(ctx: AppContext, scope: Scope, user: UserRow, id: string, name: string): Promise<Passkey[]> {
  const before = (await listCredentials(scope.db, user.id)).find((c) => c.id === id);
  if (!before) throw new AppError('PASSKEY_NOT_FOUND');
  await scope.transaction(async (inner) => {
    if (!(await renameCredential(inner.db, user.id, id, name))) throw new AppError('PASSKEY_NOT_FOUND');
    await emit(ctx, inner.db, inner, {
      type: 'user.passkey_renamed',
      subject: { kind: 'user', id: user.id },
      details: { passkey: { from: before.name, to: name } },
    });
  });
  return listPasskeys(ctx, scope, user);
}

/** POST /api/passkeys/{id}/confirm/options: a challenge, bound to this session, for another of the user's passkeys. */
export async function removalOptions(ctx: AppContext, scope: Scope, user: UserRow, session: SessionRow, id: string) {
  if (!(await listCredentials(scope.db, user.id)).some((c) => c.id === id)) throw new AppError('PASSKEY_NOT_FOUND');
  return assertionOptions(ctx, scope, user, 'confirm', session.id, id);
}

/**
 * Request options for one of the user's passkeys: the code step of a sign-in (`binding` is the sign-in
 * state's id), or confirming a removal (`binding` is the session's id; the passkey removed cannot confirm it).
 */
export async function assertionOptions(
  ctx: AppContext,
  scope: Scope,
  user: UserRow,
  purpose: 'sign-in' | 'confirm',
  binding: string,
  except?: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const org = scope.organisation;
  const credentials = (await listCredentials(scope.db, user.id)).filter((c) => c.id !== except);
  if (credentials.length === 0) throw new AppError('PASSKEY_NOT_FOUND');
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rpOf(ctx, org).rpID,
    allowCredentials: credentials.map((c) => ({ id: c.credential_id, transports: transportsOf(c) })),
    userVerification: 'required',
  });
  await issueChallenge(ctx, scope, user.id, purpose, binding, options.challenge);
  return options;
}

/** Checks an assertion of the stored passkey `row` against `challenge`; on success keeps its new counter and when it was used. */
async function verifyAssertion(
  ctx: AppContext,
  scope: Scope,
  row: WebauthnCredentialRow,
  challenge: string,
  response: AuthenticationResponseJSON,
): Promise<boolean> {
  const org = scope.organisation;
  const { rpID, origin } = rpOf(ctx, org);
  const { verifyAuthenticationResponse } = await webauthn();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: row.credential_id,
      publicKey: base64url.toBytes(row.public_key),
      counter: Number(row.sign_count),
      transports: transportsOf(row),
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return false;
  const info = verification.authenticationInfo;
  await markCredentialUsed(scope.db, row.id, info.newCounter, info.credentialBackedUp, ctx.clock.now());
  return true;
}

/** Checks an assertion of one of the user's passkeys against a challenge of `purpose` bound to `binding`; true when it proves them. */
export async function verifyUserAssertion(
  ctx: AppContext,
  scope: Scope,
  user: UserRow,
  purpose: 'sign-in' | 'confirm',
  binding: string,
  credential: unknown,
): Promise<boolean> {
  const response = credential as AuthenticationResponseJSON;
  const challenge = await takeSignedChallenge(ctx, scope, user.id, purpose, binding, response);
  const row = await findCredential(scope.db, response.id);
  return row !== undefined && row.user_id === user.id && verifyAssertion(ctx, scope, row, challenge, response);
}

/** Passwordless sign-in is the organisation's choice (and the base organisation signs no one in). */
function assertPasswordless(org: Organisation): void {
  if (org.isBase) throw new AppError('BASE_ORGANISATION');
  if (!org.row.allow_passwordless) throw new AppError('PASSWORDLESS_DISABLED');
}

/**
 * POST /api/authenticate/passwordless/options: options for a discoverable passkey (the browser offers
 * the organisation's passkeys, from a button or as autofill in the email field). The challenge is bound
 * to this browser by a random cookie, kept as SHA-256, lives PASSKEY_CHALLENGE_MINUTES and is taken once.
 */
export async function passwordlessOptions(
  ctx: AppContext,
  scope: Scope,
  browser: Browser,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; cookies: CookieChange[] }> {
  const org = scope.organisation;
  assertPasswordless(org);
  const token = browser.cookie('gatehouse_passkey') ?? newToken();
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID: rpOf(ctx, org).rpID, userVerification: 'required' });
  await insertPasswordlessChallenge(scope.db, {
    id: hashToken(options.challenge),
    binding: hashToken(token),
    expires_at: ctx.clock.now() + PASSKEY_CHALLENGE_MINUTES * MINUTE,
  });
  return { options, cookies: [setCookie('gatehouse_passkey', token, PASSKEY_CHALLENGE_MINUTES * MINUTE)] };
}

/**
 * POST /api/authenticate/passwordless: a passkey assertion in place of email and password. The challenge
 * must be this browser's; the passkey one of this organisation's (its RP id is the organisation's host);
 * its owner must be allowed to sign in (a locked or disabled account is refused as with a password).
 * A forged assertion cannot be guessed into a right one, so it is refused and audited but does not count
 * towards the lockout: that would let anyone who learnt a credential id lock its owner out.
 */
export async function signInWithPasskey(
  ctx: AppContext,
  scope: Scope,
  browser: Browser,
  input: { credential: unknown; returnurl?: string | undefined },
): Promise<SignedIn> {
  const org = scope.organisation;
  assertPasswordless(org);
  const db = ctx.db.kysely;
  const response = input.credential as AuthenticationResponseJSON;
  const token = browser.cookie('gatehouse_passkey');
  const challenge = signedChallenge(response);
  if (!token || !(await takePasswordlessChallenge(scoped(db, org.id), hashToken(challenge), hashToken(token), ctx.clock.now())))
    throw new AppError('PASSKEY_INVALID');
  const row = await findCredential(scoped(db, org.id), response.id);
  const user = row && (await findUserById(scoped(db, org.id), row.user_id));
  if (!row || !user) throw new AppError('PASSKEY_INVALID');
  // The authenticator names the account it holds the passkey for: it must be the passkey's owner.
  const handle = response.response.userHandle;
  if (handle !== undefined && !safeEqual(handle, base64url.fromText(user.id))) throw concerning(new AppError('PASSKEY_INVALID'), user.id);
  if (!(await verifyAssertion(ctx, scope, row, challenge, response))) throw concerning(new AppError('PASSKEY_INVALID'), user.id);
  if (user.status === 'LockedOut') throw concerning(new AppError('ACCOUNT_LOCKED'), user.id);
  if (user.status !== 'SignedUp') throw concerning(new AppError('ACCOUNT_UNAVAILABLE'), user.id);
  const details = { method: 'passkey' } as const;
  return finishSignIn(ctx, scope, browser, { userId: user.id, amr: PASSWORDLESS_AMR, details, returnurl: input.returnurl });
}
