/**
 * The case-insensitive prefix search of the /users list (migration 0009): names are stored a second
 * time lower-cased, and a prefix is matched as a range of an index in byte order.
 */

/** The lower-cased form a name is searched by; the same function lower-cases the search term. */
export function searchKey(value: string | null | undefined): string | null {
  return value === null || value === undefined ? null : value.toLowerCase();
}

/** The highest code point: every string that starts with `p` sorts below `p + PREFIX_END` in byte order. */
export const PREFIX_END = '\u{10FFFF}';
