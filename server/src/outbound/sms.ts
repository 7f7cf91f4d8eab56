/**
 * SMS delivery through a Twilio-compatible Messages API (Twilio itself, or providers that offer the
 * same API): one form-encoded POST per message with HTTP basic authentication, and a timeout so a
 * slow provider fails an attempt instead of holding it. The outbox (delivery/outbox.ts) retries.
 */
import { MFA } from '@gatehouse/common/mfa';

import { MINUTE } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Courier } from '../delivery/courier.ts';

export type SmsConfig = NonNullable<Config['sms']>;

const TIMEOUT_MS = 10_000;

/** The provider's error, without anything we sent (the message holds a code). */
async function providerError(response: Response): Promise<Error> {
  let detail = '';
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown };
    detail = [body.message, body.code === undefined ? undefined : `code ${String(body.code)}`]
      .filter((part) => typeof part === 'string' || typeof part === 'number')
      .join(', ');
  } catch {
    // Not JSON: the status says enough.
  }
  return new Error(`The SMS provider answered ${response.status}${detail ? `: ${String(detail).slice(0, 300)}` : ''}`);
}

/** Sends one text message; throws when the provider refuses it or cannot be reached in time. */
export async function sendTextMessage(sms: SmsConfig, to: string, body: string): Promise<void> {
  const form = new URLSearchParams({ To: to, Body: body });
  // A messaging service id (MG...) picks the sender itself; anything else is the sender.
  form.set(/^MG[0-9a-fA-F]{32}$/.test(sms.from) ? 'MessagingServiceSid' : 'From', sms.from);
  const url = `${sms.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
    throw new Error(`The SMS provider ${reason}`, { cause: error });
  }
  if (!response.ok) throw await providerError(response);
  await response.body?.cancel();
}

/** Asks the provider for the account (a read, nothing is sent), so that `gatehouse doctor` sees wrong credentials. */
export async function checkSmsAccount(sms: SmsConfig): Promise<void> {
  const url = `${sms.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}.json`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        authorization: `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`,
        accept: 'application/json',
      },
      redirect: 'error',
      signal: AbortSignal.timeout(5000),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
    throw new Error(`The SMS provider at ${sms.apiUrl} ${reason}`, { cause: error });
  }
  if (response.status === 401 || response.status === 403)
    throw new Error('The SMS provider refused SMS_ACCOUNT_SID and SMS_AUTH_TOKEN: check both.');
  if (!response.ok) throw await providerError(response);
  await response.body?.cancel();
}

/** The outbox's courier for the 'sms' channel: a code that expired while waiting is not sent. */
export function smsCourier(sms: SmsConfig): Courier {
  return {
    send: (message) => sendTextMessage(sms, message.recipient, message.body ?? ''),
    close: () => {},
    maxAgeMs: MFA.smsCodeMinutes * MINUTE,
  };
}
