import { useState } from 'react';

import { useOverflowing } from './use-overflowing.ts';

const COPY = 'Copy';
const COPIED = 'Copied';
/** A value that is an address: when it does not fit, its end is what tells it from its neighbours. */
const ADDRESS = /^https?:\/\//i;

/**
 * A value people copy elsewhere (an endpoint, a client id, a secret shown once), the one way every page
 * shows one: read-only, on one line that scrolls sideways when longer than its box (an address never
 * breaks mid-word), with a Copy button. Success says "Copied" on the button and in a polite status
 * region, so screen readers hear it. `name` says what is copied ('Copy Token endpoint') where the
 * visible label alone is vague; `className` goes on the value (a `code` element); `display` is shown in
 * place of the value where it is easier to read (a key in groups of four), the value itself is copied.
 * An address that does not fit shows its end (the path that tells one endpoint from another, not the
 * origin they share), scrolled back to its start at will; screen readers and Copy get it whole.
 */
export function CopyField({
  value,
  name,
  label = COPY,
  className,
  display = value,
}: {
  value: string;
  name?: string;
  label?: string;
  className?: string;
  display?: string;
}) {
  const [copied, setCopied] = useState(false);
  const [valueRef, overflowing] = useOverflowing<HTMLElement>(display, ADDRESS.test(display));
  const copiedText = name ? `${COPIED} ${name}` : COPIED;
  return (
    <span className="copy-field">
      <code
        ref={valueRef}
        className={['copy-field-value', className].filter(Boolean).join(' ')}
        // A value wider than its box scrolls; keyboard users reach the scroll by focusing it.
        tabIndex={overflowing ? 0 : undefined}
        title={overflowing ? display : undefined}
      >
        {display}
      </code>
      {value !== '' && (
        <button
          type="button"
          className="button button-link copy-field-button"
          aria-label={name ? `${copied ? COPIED : label} ${name}` : undefined}
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? COPIED : label}
        </button>
      )}
      <span role="status" className="visually-hidden">
        {copied ? copiedText : ''}
      </span>
    </span>
  );
}
