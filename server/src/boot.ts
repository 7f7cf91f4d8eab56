/** Opens what the server and the CLI both need: configuration, a migrated database and the context. */
import { rmSync } from 'node:fs';
import { Telemetry } from './telemetry/telemetry.ts';
import { systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrations/index.ts';
import { ensureBaseOrganisation } from './organisations/service.ts';
import { checkKeyEncryptionKey, KeyEncryptionKeyMismatch } from './security/key-check.ts';
import { domainEvents } from './subscribers.ts';

export async function openContext(config: Config): Promise<AppContext> {
  const db = openDatabase(config.database);
  try {
    await migrate(db);
    await checkKeyEncryptionKey(db, config).catch((error: unknown) => {
      // A key made just now for a database that already had one would only mislead the next start.
      if (error instanceof KeyEncryptionKeyMismatch && config.keyEncryptionKeyCreated && config.keyEncryptionKeyFile)
        rmSync(config.keyEncryptionKeyFile, { force: true });
      throw error;
    });
    const ctx: AppContext = {
      config,
      db,
      clock: systemClock,
      telemetry: new Telemetry(),
      events: domainEvents(),
      providerInvalidated: new Set(),
    };
    await ensureBaseOrganisation(ctx);
    return ctx;
  } catch (error) {
    await db.close();
    throw error;
  }
}
