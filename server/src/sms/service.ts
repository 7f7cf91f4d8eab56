/**
 * Sending text messages: written to the outbox (channel 'sms') in the request and delivered in the
 * background by the configured provider, or kept in the development outbox when none is configured.
 */
import type { AppContext } from '../context.ts';
import { queueMessage } from '../delivery/outbox.ts';
import type { Organisation } from '../tenancy/organisation.ts';

/** What each kind of text message is, as the outbox lists it. */
export const SMS_KINDS = {
  smsSignInCode: 'Text message: sign-in code',
  smsSetupCode: 'Text message: code to set up SMS sign-in',
} as const;
export type SmsKind = keyof typeof SMS_KINDS;

export async function sendSms(ctx: AppContext, request: { org: Organisation; to: string; kind: SmsKind; text: string }): Promise<void> {
  await queueMessage(ctx, {
    org: request.org,
    channel: 'sms',
    kind: request.kind,
    to: request.to,
    subject: SMS_KINDS[request.kind],
    html: null,
    text: request.text,
  });
}
