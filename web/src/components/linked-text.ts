/**
 * The support message's only markup: [text](url) links whose URL is http(s) or mailto. Everything
 * else, including a link to any other scheme, stays literal text.
 */
export type LinkedTextPart = { text: string; href?: undefined } | { text: string; href: string };

const LINK = /\[([^[\]\n]{1,500})\]\(([^()\s]{1,2000})\)/g;
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The URL as a link target when it is an absolute http(s) or mailto URL; otherwise null. */
export function safeLinkHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return LINK_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

export function parseLinkedText(source: string): LinkedTextPart[] {
  const parts: LinkedTextPart[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last && last.href === undefined) last.text += text;
    else parts.push({ text });
  };
  let from = 0;
  for (const match of source.matchAll(LINK)) {
    pushText(source.slice(from, match.index));
    const href = safeLinkHref(match[2]!);
    if (href) parts.push({ text: match[1]!, href });
    else pushText(match[0]);
    from = match.index + match[0].length;
  }
  pushText(source.slice(from));
  return parts;
}
