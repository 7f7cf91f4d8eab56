/** Opens what the server and the CLI both need: configuration, a migrated database and the context. */
import { rmSync } from 'node:fs';

import { type Clock, systemClock } from './clock.ts';
import { type Config, ConfigError, explainDatabaseError } from './config.ts';
import type { AppContext } from './context.ts';
import { type Db, openDatabase } from './db/database.ts';
import { migrate } from './db/migrations/index.ts';
import { Delivery } from './delivery/outbox.ts';
import { backchannelLogoutCourier } from './oidc/backchannel-logout.ts';
import { ensureBaseOrganisation } from './organisations/service.ts';
import { smsCourier } from './outbound/sms.ts';
import { smtpCourier } from './outbound/smtp.ts';
import { checkKeyEncryptionKey, KeyEncryptionKeyMismatch } from './security/key-check.ts';
import { domainEvents } from './subscribers.ts';
import { Telemetry } from './telemetry/telemetry.ts';
import { webhookChannel } from './webhooks/delivery.ts';

/**
 * The context of a server or a command, with the outbox's couriers registered: SMTP and the SMS provider
 * when configured (else their messages stay in the development outbox), webhooks and back-channel
 * logout tokens always. Here rather than in app.ts because the CLI builds a context without the HTTP
 * application and delivers too (run-jobs).
 */
export function createContext(parts: { config: Config; db: Db; clock?: Clock }): AppContext {
  const { config, db, clock = systemClock } = parts;
  const telemetry = new Telemetry();
  const ctx: AppContext = {
    config,
    db,
    clock,
    telemetry,
    delivery: new Delivery({ db, clock, telemetry }),
    providers: null,
    limiter: null,
    events: domainEvents(),
    organisationChanged: new Set(),
  };
  const { mail, sms } = config;
  if (mail) ctx.delivery.register('email', () => smtpCourier(mail));
  if (sms) ctx.delivery.register('sms', () => smsCourier(sms));
  ctx.delivery.registerConcurrent('webhook', webhookChannel(ctx));
  ctx.delivery.registerConcurrent('logout', { courier: backchannelLogoutCourier(ctx) });
  return ctx;
}

export async function openContext(config: Config): Promise<AppContext> {
  let db: Db;
  try {
    db = openDatabase(config.database);
  } catch (error) {
    throw explained(error, config);
  }
  try {
    await migrate(db);
    await checkKeyEncryptionKey(db, config).catch((error: unknown) => {
      // A key made just now for a database that already had one would only mislead the next start.
      if (error instanceof KeyEncryptionKeyMismatch && config.keyEncryptionKeyCreated && config.keyEncryptionKeyFile)
        rmSync(config.keyEncryptionKeyFile, { force: true });
      throw error;
    });
    const ctx = createContext({ config, db });
    await ensureBaseOrganisation(ctx);
    return ctx;
  } catch (error) {
    await db.close().catch(() => {});
    throw explained(error, config);
  }
}

/** A database that cannot be reached or opened: a sentence naming the setting rather than the driver's words. */
export function explained(error: unknown, config: Config): unknown {
  const sentence = explainDatabaseError(error, config.database);
  return sentence ? new ConfigError(sentence, { cause: error }) : error;
}
