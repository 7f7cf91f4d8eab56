/**
 * Client addresses and CIDR ranges (RFC 4632, RFC 4291 2.3) as numbers, for the organisation's lists of
 * addresses always allowed and always refused. Pure code, so the settings form and the server check an
 * entry the same way. An IPv4-mapped IPv6 address (::ffff:192.0.2.1) is the IPv4 address it carries,
 * as Node's dual-stack sockets report IPv4 clients that way.
 */

/** An address: its family and its value as one number. */
export interface Address {
  version: 4 | 6;
  value: bigint;
}

/** A range: the network's first address and its prefix length (32 or 128 for one address). */
export interface AddressRange extends Address {
  prefix: number;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function parseIpv4(text: string): bigint | null {
  const parts = IPV4.exec(text);
  if (!parts) return null;
  let value = 0n;
  for (const part of parts.slice(1)) {
    // A leading zero is refused: some parsers read it as octal, so 010 would mean 8 to them.
    if ((part.length > 1 && part.startsWith('0')) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split('::').length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (piece.includes('.')) {
        // An embedded IPv4 address, only as the last piece.
        const v4 = i === pieces.length - 1 ? parseIpv4(piece) : null;
        if (v4 === null) return null;
        out.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const [head = '', tail] = text.split('::');
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  if (!front || !back) return null;
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...front, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...back];
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

const MAPPED_PREFIX = 0xffffn << 32n;

/** The address written in `text` (a zone such as %eth0 ignored), or null when it is not one. */
export function parseAddress(text: string): Address | null {
  const ip = text.trim().replace(/%.*$/, '');
  const v4 = parseIpv4(ip);
  if (v4 !== null) return { version: 4, value: v4 };
  const v6 = parseIpv6(ip);
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn) return { version: 4, value: v6 - MAPPED_PREFIX };
  return { version: 6, value: v6 };
}

const bitsOf = (version: 4 | 6) => (version === 4 ? 32 : 128);

/**
 * The range written in `text`: an address, or an address and a prefix length (192.0.2.0/24,
 * 2001:db8::/32). Null when either part is malformed or bits are set beyond the prefix (192.0.2.1/24
 * is most likely a mistake for one address or for 192.0.2.0/24, so it is refused rather than guessed).
 */
export function parseRange(text: string): AddressRange | null {
  const [ip = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const address = parseAddress(ip);
  if (!address || ip.includes('%')) return null;
  // A mapped IPv6 range is counted in IPv6 bits: /120 of ::ffff:0:0/96 is /24 of IPv4.
  const mappedShift = address.version === 4 && ip.includes(':') ? 96 : 0;
  const bits = bitsOf(address.version);
  let prefix = bits;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    prefix = Number(prefixText) - mappedShift;
    if (prefix < 0 || prefix > bits) return null;
  }
  const hostBits = BigInt(bits - prefix);
  if (address.value & ((1n << hostBits) - 1n)) return null;
  return { ...address, prefix };
}

/** Whether `address` lies in `range` (an IPv4 address is never in an IPv6 range and the other way round). */
export function rangeContains(range: AddressRange, address: Address): boolean {
  if (range.version !== address.version) return false;
  const hostBits = BigInt(bitsOf(range.version) - range.prefix);
  return address.value >> hostBits === range.value >> hostBits;
}

/** The canonical text of a range: IPv4 dotted, IPv6 in lower case without its shortening, with /prefix unless one address. */
export function formatRange(range: AddressRange): string {
  const bits = bitsOf(range.version);
  let text: string;
  if (range.version === 4) {
    text = [24n, 16n, 8n, 0n].map((shift) => String((range.value >> shift) & 0xffn)).join('.');
  } else {
    const groups = Array.from({ length: 8 }, (_, i) => ((range.value >> BigInt(112 - 16 * i)) & 0xffffn).toString(16));
    text = groups.join(':');
  }
  return range.prefix === bits ? text : `${text}/${range.prefix}`;
}
