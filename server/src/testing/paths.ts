/** Path spellings for the CSRF and fuzz suites. */

/** Spellings of `path` that a router might take for it but that are not it, as a hostile page could send them. */
export function pathVariants(path: string): string[] {
  const segments = path.split('/').slice(1);
  const first = segments[0]!;
  const last = segments.at(-1)!;
  const encodeFirstChar = (s: string) => `%${s.charCodeAt(0).toString(16).padStart(2, '0')}${s.slice(1)}`;
  const rest = segments.slice(1).join('/');
  return [
    `/${encodeFirstChar(first)}/${rest}`,
    `/${encodeFirstChar(first).toUpperCase()}/${rest}`,
    `/${segments.slice(0, -1).join('/')}/${encodeFirstChar(last)}`,
    `//${segments.join('/')}`,
    `/${first}//${rest}`,
    `/./${segments.join('/')}`,
    `/x/../${segments.join('/')}`,
    `/%2e/${segments.join('/')}`,
    `/${first}%2F${rest}`,
    `/${first.toUpperCase()}/${rest}`,
    `/${segments.join('/')}/`,
    `\\${segments.join('/')}`.replace(/^\\/, '/\\'),
  ];
}
