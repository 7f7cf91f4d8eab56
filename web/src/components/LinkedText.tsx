import { Fragment } from 'react';

import { parseLinkedText } from './linked-text.ts';

/** Text in which [text](url) becomes a link when the URL is http(s) or mailto; nothing else is markup. */
export function LinkedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={['linked-text', className].filter(Boolean).join(' ')}>
      {parseLinkedText(text).map((part, i) =>
        part.href === undefined ? (
          <Fragment key={i}>{part.text}</Fragment>
        ) : (
          <a key={i} href={part.href} rel="noreferrer">
            {part.text}
          </a>
        ),
      )}
    </p>
  );
}
