import { Fragment } from 'react';

import { CopyField } from './CopyField.tsx';

/** Labelled values people copy (addresses, ids), each in a CopyField named by its label. */
export function CodeFacts({ facts, className }: { facts: readonly (readonly [string, string])[]; className?: string }) {
  return (
    <dl className={['facts', 'code-facts', className].filter(Boolean).join(' ')}>
      {facts.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>
            <CopyField value={value} name={label} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
