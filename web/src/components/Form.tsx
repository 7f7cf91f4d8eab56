import { MESSAGES } from '@gatehouse/common/messages';
import { type FormEvent, type FormHTMLAttributes, useEffect, useRef, useState } from 'react';

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'method' | 'onSubmit'> & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

const SUBMIT_EVENT = 'gatehouse-submit';

/** Tells the form what its submit handler did with a submit, so an ignored one does not look like nothing happened. */
export function announceSubmit(form: HTMLFormElement, outcome: 'accepted' | 'ignored'): void {
  form.dispatchEvent(new CustomEvent(SUBMIT_EVENT, { detail: outcome }));
}

/**
 * The only form element the SPA renders. It can never submit natively: every submit is cancelled before
 * the handler runs (so a handler that ignores a submit, like the double-submit guard, cannot let the
 * browser load the page with the fields in its URL), and it posts with no action should script fail.
 * A submit the guard ignored says so under the form until the next one is taken.
 */
export function Form({ onSubmit, noValidate = true, children, ...props }: FormProps) {
  const ref = useRef<HTMLFormElement>(null);
  const [ignored, setIgnored] = useState(false);
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    const listen = (event: Event) => setIgnored((event as CustomEvent<string>).detail === 'ignored');
    form.addEventListener(SUBMIT_EVENT, listen);
    return () => form.removeEventListener(SUBMIT_EVENT, listen);
  }, []);
  return (
    <form
      {...props}
      ref={ref}
      method="post"
      noValidate={noValidate}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event);
      }}
    >
      {children}
      <p role="status" className="form-status">
        {ignored ? MESSAGES.submitIgnored : null}
      </p>
    </form>
  );
}
