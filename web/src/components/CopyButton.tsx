import { useState } from 'react';

/** Copies a value people need elsewhere (a secret shown once, a token); says so once it has. */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button-link"
      aria-live="polite"
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
