/** What every service needs: configuration, the database, the clock and telemetry. Built once by app.ts. */
import type { Config } from './config.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db/database.ts';
import type { DomainEvents } from './events/events.ts';
import type { Telemetry } from './telemetry/telemetry.ts';

export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  /** This process's Prometheus figures. */
  telemetry: Telemetry;
  /** The subscribers domain events reach (events/events.ts), registered when the context is built. */
  events: DomainEvents;
  /**
   * Told an organisation's id once a change its OpenID Provider is built from has committed: this
   * process's provider cache, and the broadcast to other processes (oidc/revision.ts, tenancy/changes.ts).
   */
  providerInvalidated: Set<(organisationId: string) => void>;
}
