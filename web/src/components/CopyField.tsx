import { useLayoutEffect, useRef, useState } from 'react';

const COPY = 'Copy';
const COPIED = 'Copied';

/**
 * A value people copy elsewhere (an endpoint, a client id, a secret shown once), the one way every page
 * shows one: read-only, on one line that scrolls sideways when longer than its box (an address never
 * breaks mid-word), with a Copy button. Success says "Copied" on the button and in a polite status
 * region, so screen readers hear it. `name` says what is copied ('Copy Token endpoint') where the
 * visible label alone is vague; `className` goes on the value (a `code` element); `display` is shown in
 * place of the value where it is easier to read (a key in groups of four), the value itself is copied.
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
  const [valueRef, overflowing] = useOverflowing(display);
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

/** Whether an element's content is wider than the element, kept up to date as it resizes. */
function useOverflowing(content: string) {
  const ref = useRef<HTMLElement>(null);
  const [value, setValue] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setValue(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [content]);
  return [ref, value] as const;
}
