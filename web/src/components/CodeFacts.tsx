import { Fragment } from 'react';

/** Labelled values people copy (addresses, ids), each set in code. */
export function CodeFacts({ facts, className }: { facts: readonly (readonly [string, string])[]; className?: string }) {
  return (
    <dl className={['facts', className].filter(Boolean).join(' ')}>
      {facts.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>
            <code>{value}</code>
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
