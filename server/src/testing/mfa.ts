/** Fixture helpers for multi-factor authentication: the test plays the authenticator app. */
import type { AppSetup, SaveTwoStepResult, SignInChallenge } from '@gatehouse/common/schemas/mfa';

import { totpCode } from '../mfa/totp.ts';
import { codeIn, latestMailTo } from './accounts.ts';
import { DEFAULT_PASSWORD, type TestServer } from './harness.ts';
import type { TestClient } from './http-client.ts';

export interface Authenticator {
  secret: string;
  recoveryCodes: string[];
  /** The app's code at the server's current time, or `offsetSteps` 30-second steps away from it. */
  code(offsetSteps?: number): string;
}

export function authenticatorFor(server: TestServer, secret: string, recoveryCodes: string[] = []): Authenticator {
  return {
    secret,
    recoveryCodes,
    code: (offsetSteps = 0) => totpCode(secret, server.ctx.clock.now() + offsetSteps * 30_000),
  };
}

/** Sets up an authenticator app for the signed-in user of `client` through /twostep's calls. */
export async function enrolAuthenticator(server: TestServer, client: TestClient, password = DEFAULT_PASSWORD): Promise<Authenticator> {
  const setup = await client.post('/api/refreshotp');
  if (setup.status !== 200) throw new Error(`refreshotp failed: ${setup.status} ${setup.text}`);
  const { secret } = setup.json<AppSetup>();
  const saved = await client.post('/api/saveotp', { form: { type: 0, secret, code: totpCode(secret, server.ctx.clock.now()), password } });
  if (saved.status !== 200) throw new Error(`saveotp failed: ${saved.status} ${saved.text}`);
  return authenticatorFor(server, secret, saved.json<SaveTwoStepResult>().recoveryCodes);
}

/** The password step of a user with a second step: answers the code step's challenge. */
export async function passwordStep(client: TestClient, email: string, password = DEFAULT_PASSWORD): Promise<SignInChallenge> {
  const res = await client.post('/api/authenticate', { form: { email, password } });
  if (res.status !== 200) throw new Error(`Sign-in of ${email} failed: ${res.status} ${res.text}`);
  const body = res.json<SignInChallenge>();
  if (body.authType !== 'code') throw new Error(`Expected the code step, got ${res.text}`);
  return body;
}

/** Signs in with the password and the code `code()` gives (after the password step, so emailed codes exist). */
export async function signInWithCode(
  server: TestServer,
  org: string,
  email: string,
  code: () => string | Promise<string>,
  options: { password?: string; rememberMe?: boolean } = {},
): Promise<TestClient> {
  const client = server.client(org);
  const challenge = await passwordStep(client, email, options.password);
  const res = await client.post('/api/authenticate', {
    form: { signInStateID: challenge.signInStateID, code: await code(), rememberMe: options.rememberMe ?? false },
  });
  if (res.status !== 200) throw new Error(`Code step of ${email} failed: ${res.status} ${res.text}`);
  return client;
}

/** The code of the newest text message or email to `to` (the development outbox). */
export async function latestCodeTo(server: TestServer, to: string): Promise<string> {
  const message = await latestMailTo(server, to);
  const match = /^(\d{6}) is your/.exec(message.body ?? '');
  return match ? match[1]! : codeIn(message.body);
}

/** Sets up codes by SMS (to `phone`) or email for the signed-in user of `client`. */
export async function enrolByCode(
  server: TestServer,
  client: TestClient,
  method: { sms: string } | { email: string },
  password = DEFAULT_PASSWORD,
): Promise<string[]> {
  const sent =
    'sms' in method
      ? await client.post('/api/setupsmsotp', { form: { phoneNumber: method.sms } })
      : await client.post('/api/setupemailotp');
  if (sent.status !== 200) throw new Error(`Sending the set-up code failed: ${sent.status} ${sent.text}`);
  const code = await latestCodeTo(server, 'sms' in method ? method.sms : method.email);
  const saved = await client.post('/api/saveotp', { form: { type: 'sms' in method ? 2 : 1, code, password } });
  if (saved.status !== 200) throw new Error(`saveotp failed: ${saved.status} ${saved.text}`);
  return saved.json<SaveTwoStepResult>().recoveryCodes;
}
