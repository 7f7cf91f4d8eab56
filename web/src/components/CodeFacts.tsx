import { Fragment, type ReactNode } from 'react';
import { CopyButton } from './CopyButton.tsx';

/** A long value (an address, an id) with line-break opportunities after each slash, dot and dash, so it wraps between its parts. */
export function breakable(value: string): ReactNode {
  const parts = value.split(/(?<=[/.\-_?&=])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

/** Labelled values people copy (addresses, ids), each set in code with its own Copy button. */
export function CodeFacts({ facts, className }: { facts: readonly (readonly [string, string])[]; className?: string }) {
  return (
    <dl className={['facts', 'code-facts', className].filter(Boolean).join(' ')}>
      {facts.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>
            <code>{breakable(value)}</code>
            {value !== '' && <CopyButton value={value} name={label} />}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
