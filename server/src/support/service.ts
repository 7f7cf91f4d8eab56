/**
 * The help page's contact form: a message to the deployment's support address, with Reply-To set to
 * the sender. Anyone may write from the base organisation (the product's front door); on an
 * organisation's host only its signed-in users may, whose address is then their account's. Visitors of
 * an organisation are pointed to its own support message instead, and no host can be used to flood
 * the support address: a few messages per sender and a cap per organisation each hour.
 */
import { MAIL_MESSAGES } from '@gatehouse/common/mail-messages';
import { MESSAGES } from '@gatehouse/common/messages';
import { ROLE_LABELS, SUPPORT_LIMITS } from '@gatehouse/common/policy';
import type { ServiceInfo } from '@gatehouse/common/schemas/support';

import type { AppContext } from '../context.ts';
import { AppError, fieldError } from '../http/errors.ts';
import type { Auth } from '../http/request-context.ts';
import { mailQuotaUsed, sendMail } from '../mail/service.ts';
import type { Scope } from '../scope/scope.ts';

export async function sendSupportMessage(
  ctx: AppContext,
  scope: Scope,
  auth: Auth | null,
  input: { email?: string | undefined; message: string },
): Promise<void> {
  const org = scope.organisation;
  if (!auth && !org.isBase) throw new AppError('UNAUTHENTICATED');
  const from = auth?.user.email ?? input.email;
  if (!from) throw fieldError('email', MESSAGES.required);
  const to = ctx.config.supportEmail;
  const kinds = ['supportRequest'] as const;
  if (
    (await mailQuotaUsed(ctx, org, to, kinds, SUPPORT_LIMITS.perSenderHour, from)) ||
    (await mailQuotaUsed(ctx, org, to, kinds, SUPPORT_LIMITS.perOrganisationHour))
  ) {
    throw new AppError('RATE_LIMITED');
  }
  await sendMail(ctx, {
    org,
    to,
    kind: 'supportRequest',
    text: MAIL_MESSAGES.supportRequest(
      { email: from, organisation: org.displayName, host: org.hostname, role: auth ? ROLE_LABELS[auth.user.role] : null },
      input.message,
    ),
    replyTo: from,
  });
}

export function serviceInfo(ctx: AppContext): ServiceInfo {
  return {
    dataController: ctx.config.dataController,
    supportEmail: ctx.config.supportEmail,
    demoLifetimeHours: ctx.config.demoLifetimeMs / (60 * 60 * 1000),
  };
}
