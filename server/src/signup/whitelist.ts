/**
 * The organisation's userEmailWhitelist: plain addresses (compared without case) and /regex/ entries.
 * The patterns are written by organisation admins and run against addresses typed by anyone, so each
 * runs in a VM context with a time limit: a pattern with catastrophic backtracking cannot stall the
 * process (it simply does not match, and the caller is told).
 */
import vm from 'node:vm';

const context = vm.createContext(Object.create(null));
const test = new vm.Script('pattern.test(input)');
/** Wall-clock time, so generous: any sane pattern takes microseconds on an address of at most 254 characters. */
const PATTERN_BUDGET_MS = 250;
// Entries that allow every address (the default whitelist is the match-all pattern): no need to run them.
const MATCH_ALL = new Set(['/.*/', '/.+/', '/^.*$/', '/^.+$/']);

export class WhitelistPatternTimeout extends Error {}

function matchesPattern(entry: string, email: string): boolean {
  const last = entry.lastIndexOf('/');
  let pattern: RegExp;
  try {
    pattern = new RegExp(entry.slice(1, last), entry.slice(last + 1).replace(/[gy]/g, '') || 'i');
  } catch {
    return false;
  }
  Object.assign(context, { pattern, input: email });
  try {
    return test.runInContext(context, { timeout: PATTERN_BUDGET_MS }) === true;
  } catch {
    throw new WhitelistPatternTimeout(`The email whitelist entry ${entry} took too long to run`);
  }
}

const isPattern = (entry: string) => entry.length >= 2 && entry.startsWith('/') && entry.lastIndexOf('/') > 0;

/** True when the address may sign up: it equals a plain entry or matches a /regex/ entry. */
export function emailAllowed(whitelistJson: string, email: string): boolean {
  let entries: unknown;
  try {
    entries = JSON.parse(whitelistJson);
  } catch {
    return false;
  }
  if (!Array.isArray(entries)) return false;
  const address = email.toLowerCase();
  for (const entry of entries) {
    if (typeof entry !== 'string' || entry.trim() === '') continue;
    const trimmed = entry.trim();
    if (MATCH_ALL.has(trimmed)) return true;
    if (isPattern(trimmed) ? matchesPattern(trimmed, address) : trimmed.toLowerCase() === address) return true;
  }
  return false;
}
