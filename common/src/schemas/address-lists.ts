/**
 * The organisation's address lists: addresses or CIDR ranges always allowed (never limited or
 * challenged) and always refused (403 before anything else). Parsed with the same schema by the
 * settings form and by `PUT /api/organisation/address-lists`; entries are stored in canonical form.
 */
import { z } from 'zod';

import { ADDRESS_LIST_MESSAGES } from '../address-list-messages.ts';
import { formatRange, parseRange } from '../address-ranges.ts';

const V = ADDRESS_LIST_MESSAGES.validation;

/** At most this many entries in each list, each at most this long (a full IPv6 range is 43 characters). */
export const ADDRESS_LIST_LIMITS = { entries: 200, entryMax: 64 } as const;

/** One list: blank lines dropped, every entry a range, written back in canonical form, none twice. */
const addressList = z
  .preprocess(
    (v) =>
      (typeof v === 'string' ? v.split(/[\s,]+/) : Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).filter(
        (entry) => typeof entry !== 'string' || entry.trim() !== '',
      ),
    z
      .array(z.string().trim().max(ADDRESS_LIST_LIMITS.entryMax))
      .max(ADDRESS_LIST_LIMITS.entries, { error: V.tooMany(ADDRESS_LIST_LIMITS.entries) }),
  )
  .transform((entries, ctx) => {
    const canonical: string[] = [];
    for (const entry of entries) {
      const range = parseRange(entry);
      if (!range) {
        ctx.addIssue({ code: 'custom', message: V.notARange(entry) });
        continue;
      }
      const text = formatRange(range);
      if (canonical.includes(text)) ctx.addIssue({ code: 'custom', message: V.duplicate(entry) });
      else canonical.push(text);
    }
    return canonical;
  });

export const addressLists = z
  .object({ allowed: addressList, refused: addressList })
  .meta({ example: { allowed: ['198.51.100.0/24', '2001:db8:1::/48'], refused: ['203.0.113.7'] } });
export type AddressLists = z.infer<typeof addressLists>;

/** What the server answers: the lists as stored, in canonical form. */
export const addressListsView = z
  .object({ allowed: z.array(z.string()), refused: z.array(z.string()) })
  .meta({ example: { allowed: ['198.51.100.0/24', '2001:db8:1:0:0:0:0:0/48'], refused: ['203.0.113.7'] } });
