/** Decorative icons drawn inline (no icon font, no emoji that a system may lack); always hidden from screen readers. */
const PATHS = {
  menu: 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z',
  home: 'M12 3 2 11h3v9h6v-6h2v6h6v-9h3z',
  user: 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z',
  people:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM9 13c-3.3 0-7 1.6-7 4.5V20h14v-2.5C16 14.6 12.3 13 9 13zm8 0c-.5 0-1 0-1.5.1 1.5 1.1 2.5 2.6 2.5 4.4V20h4v-2.5c0-2.8-2.9-4.5-5-4.5z',
  apps: 'M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z',
  building: 'M3 21V5l9-3v4l9 3v12h-7v-4h-4v4zm4-13v2h2V8zm0 4v2h2v-2zm4-4v2h2V8zm0 4v2h2v-2zm4 0v2h2v-2z',
  signOut: 'M10 3H4v18h6v-2H6V5h4zm6 4-1.4 1.4 2.6 2.6H9v2h8.2l-2.6 2.6L16 17l5-5z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d={PATHS[name]} />
    </svg>
  );
}
