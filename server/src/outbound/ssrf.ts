/**
 * Webhook endpoints are URLs an organisation admin types: without care, a delivery would let them make
 * Gatehouse call its own network (the database, a cloud metadata service at 169.254.169.254, loopback
 * admin ports). Addresses are checked where the connection is made: the name is resolved once, every
 * address it resolves to is checked, and the connection goes to the address checked, so a name that
 * answers differently the second time (DNS rebinding) gains nothing.
 */
import { lookup as dnsLookup, type LookupAddress, promises as dns } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');

/** True for an address a webhook may not reach: private, loopback, link-local, shared, reserved or multicast. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return FORBIDDEN.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return FORBIDDEN.check(mapped[1]!, 'ipv4');
  return FORBIDDEN.check(address, 'ipv6');
}

export class ForbiddenAddressError extends Error {
  readonly code = 'EWEBHOOKADDRESS';
}

/** A DNS lookup for http.request that refuses private addresses unless they are allowed. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (refused || list.length === 0) {
        return callback(
          new ForbiddenAddressError(`${hostname} resolves to ${refused?.address ?? 'nothing'}, which webhooks may not reach`),
          '',
          0,
        );
      }
      if (options.all) return callback(null, list as unknown as string, 0);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * The first address of the URL's host that webhooks may not reach, checked when an endpoint is saved
 * (delivery checks again where it connects); null when there is none, or the name does not resolve now.
 */
export async function forbiddenAddressOf(url: string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host) ? host : null;
  const addresses = await withinTime(
    dns.lookup(host, { all: true }).catch((): LookupAddress[] => []),
    SAVE_LOOKUP_MS,
    [],
  );
  return addresses.find((a) => isPrivateAddress(a.address))?.address ?? null;
}

/** How long saving an endpoint waits for its name to resolve; past it, the name counts as not resolving now. */
const SAVE_LOOKUP_MS = 3000;

function withinTime<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
