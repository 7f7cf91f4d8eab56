/**
 * The sign-up email whitelist: plain addresses, and patterns between slashes matched by RE2 (re2js),
 * whose time is linear in the address whatever pattern an admin writes, so no pattern can stall a
 * sign-up (no ReDoS). Patterns match anywhere in the address, ignoring case, like JavaScript's test().
 */
import { ORGANISATION_MESSAGES } from '@gatehouse/common/organisation-messages';
import { isWhitelistPattern } from '@gatehouse/common/schemas/organisation-settings';
import { RE2JS } from 're2js';

const compiled = new Map<string, RE2JS | null>();
const COMPILED_CACHE_SIZE = 1000;

/** The entry's pattern compiled by RE2 (cached: sign-ups check the same few patterns again and again). */
function compile(entry: string): RE2JS | null {
  if (compiled.has(entry)) return compiled.get(entry)!;
  let pattern: RE2JS | null;
  try {
    pattern = RE2JS.compile(entry.slice(1, -1), RE2JS.CASE_INSENSITIVE);
  } catch {
    pattern = null;
  }
  if (compiled.size >= COMPILED_CACHE_SIZE) compiled.clear();
  compiled.set(entry, pattern);
  return pattern;
}

/** The first entry RE2 cannot run, with the reason; null when every pattern compiles. */
export function whitelistRe2Problem(entries: readonly string[]): string | null {
  const bad = entries.find((entry) => isWhitelistPattern(entry) && !compile(entry));
  return bad === undefined ? null : ORGANISATION_MESSAGES.validation.whitelistPatternUnsupported(bad);
}

/** True when the (lower-cased) address is listed or matches a listed pattern; an empty list allows nobody. */
export function isEmailWhitelisted(entries: readonly string[], email: string): boolean {
  const address = email.trim().toLowerCase();
  return entries.some((entry) => (isWhitelistPattern(entry) ? (compile(entry)?.test(address) ?? false) : entry === address));
}
