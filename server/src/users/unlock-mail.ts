/**
 * The "account unlocked" mail as a subscriber: `user.unlocked` (emitted in the transaction of an admin's
 * Clear lockout, users/service.ts) queues the email in that same transaction, so the user is told if and
 * only if the unlock was recorded.
 */
import { MAIL_MESSAGES } from '@gatehouse/common/mail-messages';
import { ROUTES } from '@gatehouse/common/routes';

import { findUserById } from '../accounts/store.ts';
import { scoped } from '../db/scoped.ts';
import type { Subscriber } from '../events/events.ts';
import { recipientLocale } from '../http/language.ts';
import { sendMail } from '../mail/service.ts';
import { linkFor } from '../mail/templates.ts';
import { toOrganisation } from '../tenancy/organisation.ts';
import { findOrganisationById } from '../tenancy/store.ts';

export const unlockMailSubscriber: Subscriber = {
  name: 'unlock-mail',
  kinds: ['user.unlocked'],
  async inTransaction(ctx, trx, event) {
    if (event.subject?.kind !== 'user') return;
    const row = await findOrganisationById(trx, event.organisationId);
    const user = await findUserById(scoped(trx, event.organisationId), event.subject.id);
    if (!row || !user) throw new Error('user.unlocked names no user of the organisation');
    const org = toOrganisation(ctx.config, row);
    await sendMail(
      ctx,
      {
        org,
        to: user.email,
        kind: 'accountUnlocked',
        text: () => MAIL_MESSAGES.accountUnlocked(org.displayName),
        locale: recipientLocale(org, user.locale),
        link: linkFor(ctx.config, org, ROUTES.home.path),
      },
      trx,
    );
  },
};
