/**
 * The organisation's address lists: addresses and CIDR ranges always allowed (never limited, never
 * challenged) and always refused (403 ADDRESS_REFUSED before anything else). http/limits.ts asks
 * `standingOf` before it counts, so the lists apply wherever a limit does. Refused wins over allowed,
 * so an admin can refuse one address inside an allowed office range.
 *
 * The lists are read on every limited request, so each process keeps them a short while
 * (LISTS_TTL_MS): a save applies at once in the process that took it and within that time in the
 * others. The cache holds at most CACHED_ORGANISATIONS_MAX organisations, so it cannot grow without bound.
 */
import { type AddressRange, parseAddress, parseRange, rangeContains } from '@gatehouse/common/address-ranges';
import type { AddressLists } from '@gatehouse/common/schemas/address-lists';

import type { AppContext } from '../context.ts';
import { emit } from '../events/events.ts';
import { type Scope, systemScope } from '../scope/scope.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { listEntries, type ListName, replaceEntries } from './store.ts';

export const LISTS_TTL_MS = 10_000;
export const CACHED_ORGANISATIONS_MAX = 10_000;

/** What the lists say of an address: always allowed, always refused, or neither (the limits decide). */
export type Standing = 'allowed' | 'refused' | 'listed-nowhere';

interface Compiled {
  allowed: AddressRange[];
  refused: AddressRange[];
  loadedAt: number;
}

// One cache per application instance (tests build several in one process).
const caches = new WeakMap<AppContext, Map<string, Compiled>>();
const cacheOf = (ctx: AppContext) => {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  return cache;
};

const compile = (ranges: readonly string[]) => ranges.map(parseRange).filter((range): range is AddressRange => range !== null);

async function compiledLists(ctx: AppContext, organisation: Organisation): Promise<Compiled> {
  const organisationId = organisation.id;
  const cache = cacheOf(ctx);
  const now = ctx.clock.now();
  const hit = cache.get(organisationId);
  if (hit && now - hit.loadedAt < LISTS_TTL_MS) return hit;
  const lists = split(await listEntries(systemScope(ctx.db.kysely, organisation).db));
  const compiled = { allowed: compile(lists.allowed), refused: compile(lists.refused), loadedAt: now };
  cache.delete(organisationId);
  // The oldest entry goes first: a Map iterates in insertion order.
  if (cache.size >= CACHED_ORGANISATIONS_MAX) cache.delete(cache.keys().next().value!);
  cache.set(organisationId, compiled);
  return compiled;
}

/** Where `address` stands on the organisation's lists (an address that cannot be parsed is listed nowhere). */
export async function standingOf(ctx: AppContext, organisation: Organisation, address: string): Promise<Standing> {
  const lists = await compiledLists(ctx, organisation);
  if (!lists.allowed.length && !lists.refused.length) return 'listed-nowhere';
  const parsed = parseAddress(address);
  if (!parsed) return 'listed-nowhere';
  if (lists.refused.some((range) => rangeContains(range, parsed))) return 'refused';
  if (lists.allowed.some((range) => rangeContains(range, parsed))) return 'allowed';
  return 'listed-nowhere';
}

function split(entries: readonly { list: ListName; range: string }[]): AddressLists {
  return {
    allowed: entries.filter((e) => e.list === 'allowed').map((e) => e.range),
    refused: entries.filter((e) => e.list === 'refused').map((e) => e.range),
  };
}

/** Both lists as stored. */
export async function readAddressLists(scope: Scope): Promise<AddressLists> {
  return split(await listEntries(scope.db));
}

/** Replaces both lists (already parsed and canonical: common/src/schemas/address-lists.ts), audited. */
export async function saveAddressLists(ctx: AppContext, scope: Scope, lists: AddressLists): Promise<AddressLists> {
  await scope.transaction(async (tx) => {
    await replaceEntries(tx.db, lists, ctx.clock.now());
    await emit(ctx, tx.db, tx, {
      type: 'organisation.address_lists_changed',
      subject: { kind: 'organisation', id: scope.organisation.id },
      details: { allowed: lists.allowed, refused: lists.refused },
    });
  });
  cacheOf(ctx).delete(scope.organisation.id);
  return lists;
}
