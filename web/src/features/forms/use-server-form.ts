/**
 * Form plumbing shared by every page: the 1-second double-submit guard, and server validation
 * messages placed next to their fields and in the form's message area.
 */
import { useCallback, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { LIMITS } from '@gatehouse/common/policy';
import { MESSAGES } from '@gatehouse/common/messages';
import { isApiError } from '../../api/client.ts';

/**
 * Wraps a submit handler so a second submit within one second of the previous is ignored. An ignored
 * submit is still cancelled: the browser must never send the form itself (its fields would land in the URL).
 */
export function useSubmitGuard<A extends unknown[]>(handler: (...args: A) => unknown): (...args: A) => void {
  const last = useRef(0);
  return useCallback(
    (...args: A) => {
      const event = args[0] as { preventDefault?: unknown } | undefined;
      if (event && typeof event.preventDefault === 'function') (event as { preventDefault: () => void }).preventDefault();
      const now = Date.now();
      if (now - last.current < LIMITS.doubleSubmitMs) return;
      last.current = now;
      void handler(...args);
    },
    [handler],
  );
}

/**
 * Focuses once no modal dialog holds the page: a confirmation dialog that is still fading out when the
 * answer arrives keeps the page inert, and on closing gives the focus back to the button that opened it.
 */
function focusAfterDialogs(focus: () => void): void {
  const modal = document.querySelector('dialog:modal');
  if (modal) modal.addEventListener('close', focus, { once: true });
  else focus();
}

/**
 * The message area's text and a function that turns a failed call into field and form errors. Each
 * error is shown once: at its field when it concerns one (focus moves to the first such field, whose
 * error then clears as soon as the field is valid again), in the message area otherwise.
 */
export function useServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T>; setFocus: UseFormSetFocus<T> },
  fields: readonly Path<T>[],
) {
  const { setError, setFocus } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const apply = useCallback(
    (error: unknown) => {
      if (!isApiError(error) || !error.body) {
        setFormError(isApiError(error) ? error.message : MESSAGES.genericError);
        return;
      }
      const entries = Object.entries(error.body.validation?.errors ?? {});
      const atFields = entries.filter(([key]) => (fields as readonly string[]).includes(key));
      for (const [key, { message }] of atFields) setError(key as Path<T>, { type: 'server', message });
      if (atFields.length > 0) focusAfterDialogs(() => setFocus(atFields[0]![0] as Path<T>));
      const elsewhere = entries.filter(([key]) => !(fields as readonly string[]).includes(key)).map(([, { message }]) => message);
      setFormError(atFields.length === 0 ? error.body.message : elsewhere.length > 0 ? elsewhere.join(' ') : null);
    },
    [fields, setError, setFocus],
  );
  return { formError, setFormError, applyServerError: apply };
}
