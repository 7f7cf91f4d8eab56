/** What every service needs: configuration, the database, the clock, telemetry and the outbox. Built once by boot.ts createContext. */
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Delivery } from './delivery/outbox.ts';
import type { DomainEvents } from './events/events.ts';
import type { Limiter } from './http/limiter.ts';
import type { Telemetry } from './telemetry/telemetry.ts';
import type { Organisation } from './tenancy/organisation.ts';

/**
 * The organisations' OpenID Providers as the services read them: the public keys one organisation's
 * provider signs with, current first, one object per build (oidc/registry.ts builds and caches them).
 */
export interface OrganisationProviders {
  get(org: Organisation): ProviderKeys | Promise<ProviderKeys>;
}

/** A provider build's public signing keys (JWKs without their private parts). */
export interface ProviderKeys {
  readonly jwks: readonly JsonWebKey[];
}

export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  /** This process's Prometheus figures. */
  telemetry: Telemetry;
  /** The outbox: its channels' couriers (registered by boot.ts), dispatchers and delivery loops. */
  delivery: Delivery;
  /**
   * The organisations' OpenID Providers (their keys check management tokens): set by app.ts when it
   * builds the server; null in a command, which serves no protocol.
   */
  providers: OrganisationProviders | null;
  /** The rate limits' counters (http/limits.ts): set by app.ts; null in a command, or with RATE_LIMITS=false. */
  limiter: Limiter | null;
  /** The subscribers domain events reach (events/events.ts), registered when the context is built. */
  events: DomainEvents;
  /**
   * Told an organisation's id once a change to it (what its OpenID Provider is built from, or its
   * deletion) has committed: this process's provider and organisation caches, and the broadcast to
   * other processes (tenancy/notice.ts, tenancy/changes.ts).
   */
  organisationChanged: Set<(organisationId: string) => void>;
}
