import type { FormEvent, FormHTMLAttributes } from 'react';

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'method' | 'onSubmit'> & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/**
 * The only form element the SPA renders. It can never submit natively: every submit is cancelled before
 * the handler runs (so a handler that ignores a submit, like the double-submit guard, cannot let the
 * browser load the page with the fields in its URL), and it posts with no action should script fail.
 */
export function Form({ onSubmit, noValidate = true, ...props }: FormProps) {
  return (
    <form
      {...props}
      method="post"
      noValidate={noValidate}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event);
      }}
    />
  );
}
