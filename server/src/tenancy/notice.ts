/**
 * The notice that an organisation changed or is gone, for whatever this process keeps of it: the
 * provider cache (oidc/registry.ts), the organisation cache (tenancy/resolver.ts) and, with Redis, the
 * broadcast to the other processes (tenancy/changes.ts); app.ts and the registry register them on the
 * context's `organisationChanged`. Told once the change has committed: by the provider-cache subscriber
 * of domain events (oidc/subscriber.ts), and by the jobs whose changes no audit kind says (retired keys
 * pruned, a demo organisation deleted). Other processes without Redis see a change through the
 * organisation row they re-read (its `oidc_revision`, or no row) within the organisation cache's lifetime.
 */
import type { AppContext } from '../context.ts';

export type OrganisationChangedListener = (organisationId: string) => void;

/** Registers a listener for the context's organisation notices. */
export function onOrganisationChanged(ctx: AppContext, listener: OrganisationChangedListener): void {
  ctx.organisationChanged.add(listener);
}

/** Tells this process's listeners that the organisation changed or was deleted (after the change has committed). */
export function tellOrganisationChanged(ctx: AppContext, organisationId: string): void {
  for (const listener of ctx.organisationChanged) listener(organisationId);
}
