/** Emailing and texting codes, at most MFA.codesPerHour to one address or phone, so a known password cannot flood it. */
import { withLocale } from '@gatehouse/common/i18n/runtime';
import { MAIL_MESSAGES } from '@gatehouse/common/mail-messages';
import { MFA } from '@gatehouse/common/mfa';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import { TWO_STEP_KINDS } from '@gatehouse/common/policy';

import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { recipientLocale } from '../http/language.ts';
import { mailQuotaUsed, sendMail } from '../mail/service.ts';
import type { Scope } from '../scope/scope.ts';
import { sendSms } from '../sms/service.ts';

export type CodeChannel = typeof TWO_STEP_KINDS.email | typeof TWO_STEP_KINDS.sms;
export type CodePurpose = 'signIn' | 'setup';

const KINDS = {
  [TWO_STEP_KINDS.email]: { signIn: 'signInCode', setup: 'twoStepSetupCode' },
  [TWO_STEP_KINDS.sms]: { signIn: 'smsSignInCode', setup: 'smsSetupCode' },
} as const;

/** Refuses when `to` has had its hourly share of codes of this channel. */
export async function assertCodeQuota(ctx: AppContext, scope: Scope, channel: CodeChannel, to: string): Promise<void> {
  if (await mailQuotaUsed(ctx, scope.organisation, to, Object.values(KINDS[channel]), MFA.codesPerHour))
    throw new AppError('MFA_TOO_MANY_CODES');
}

export async function deliverCode(
  ctx: AppContext,
  scope: Scope,
  channel: CodeChannel,
  purpose: CodePurpose,
  to: string,
  code: string,
  person: { locale: string | null },
): Promise<void> {
  const org = scope.organisation;
  const name = org.displayName;
  const locale = recipientLocale(org, person.locale);
  if (channel === TWO_STEP_KINDS.sms) {
    const text = withLocale(locale, () =>
      purpose === 'signIn' ? MFA_MESSAGES.smsSignInCode(name, code) : MFA_MESSAGES.smsSetupCode(name, code),
    );
    await sendSms(ctx, { org, to, kind: KINDS[channel][purpose], text });
    return;
  }
  const text = () =>
    purpose === 'signIn'
      ? MAIL_MESSAGES.signInCode(name, code, MFA.emailCodeMinutes)
      : MAIL_MESSAGES.twoStepSetupCode(name, code, MFA.emailCodeMinutes);
  await sendMail(ctx, { org, to, kind: KINDS[channel][purpose], text, locale });
}

/** How long a code of this channel works. */
export const codeMinutes = (channel: CodeChannel): number => (channel === TWO_STEP_KINDS.sms ? MFA.smsCodeMinutes : MFA.emailCodeMinutes);
