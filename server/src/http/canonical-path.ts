/**
 * Request paths in canonical form only. The router decodes percent-escapes before it matches, so
 * `/%61pi/users` runs `/api/users`; a check that read the raw URL would see another path than the
 * one that runs. Rather than teach every reader of the URL to normalise it, such paths are refused:
 * no browser, application or proxy of ours needs to send them (RFC 3986 6.2.2: unreserved characters
 * are never percent-encoded by a normalising producer, and dot segments are resolved by browsers).
 */

/** Characters that RFC 3986 says must not be percent-encoded, plus the separators a path is read by. */
const MUST_NOT_BE_ENCODED = /^[A-Za-z0-9\-._~/\\]$/;

/** Why `url` (a request target: path and optional query) is not canonical, or null when it is. */
export function nonCanonicalPath(url: string): string | null {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.startsWith('/')) return 'the path must start with /';
  if (path.includes('//')) return 'empty path segment';
  if (path.includes('\\')) return 'backslash in the path';
  for (const segment of path.split('/')) if (segment === '.' || segment === '..') return 'dot segment';
  for (const match of path.matchAll(/%(.{0,2})/g)) {
    const hex = match[1]!;
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return 'malformed percent-escape';
    if (MUST_NOT_BE_ENCODED.test(String.fromCharCode(parseInt(hex, 16)))) return 'needlessly percent-encoded character';
  }
  return null;
}
