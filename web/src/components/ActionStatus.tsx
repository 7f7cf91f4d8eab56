import { useEffect, useRef } from 'react';

import { focusAfterDialogs } from './Dialog.tsx';

/**
 * The outcome of a form's action, shown beside the button that caused it and announced politely to
 * screen readers. The live region is always in the page, so a message that appears in it is read out.
 * With `focus`, a message takes the focus when it appears: for an action whose button went away with
 * what it acted on (a deleted row), so the focus does not fall to the page.
 */
export function ActionStatus({ message, focus = false }: { message: string | null | false | undefined; focus?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus && message) focusAfterDialogs(() => ref.current?.focus());
  }, [focus, message]);
  return (
    <p ref={ref} className="action-status" role="status" tabIndex={focus ? -1 : undefined}>
      {message || null}
    </p>
  );
}
