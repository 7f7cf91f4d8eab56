import { useState } from 'react';

/**
 * Copies a value people need elsewhere (a secret shown once, a token, an address); says so once it has.
 * `name` says what is copied to screen readers ('Copy Token endpoint'), where the visible label alone is vague.
 */
export function CopyButton({ value, label = 'Copy', name }: { value: string; label?: string; name?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button-link"
      aria-live="polite"
      aria-label={name ? `${copied ? 'Copied' : label} ${name}` : undefined}
      onClick={() =>
        void navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? 'Copied' : label}
    </button>
  );
}
