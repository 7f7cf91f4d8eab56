import { COLOUR_VALUES, COLOURS } from '@gatehouse/common/policy';

/**
 * One of the theme colours for a name, the same every time (a hash of its characters), with the text
 * colour that reads on it at 4.5:1 or more: people and applications without a picture tell apart at a glance.
 */
export function initialColours(name: string): { background: string; color: string } {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  const colour = COLOUR_VALUES[COLOURS[hash % COLOURS.length]!];
  return { background: colour.primary, color: colour.onPrimary };
}

/** Up to two initials: of the first and last words of a name ('Ada Lovelace' gives AL), or the first letter of an email. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** A person's initials in a coloured circle. Decorative: their name or email is always written beside it. */
export function Avatar({ name, colourKey = name }: { name: string; colourKey?: string }) {
  return (
    <span className="avatar" aria-hidden="true" style={initialColours(colourKey)}>
      {initialsOf(name)}
    </span>
  );
}
